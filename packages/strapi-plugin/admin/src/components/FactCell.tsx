import type { ReactNode } from 'react';
import { Grid } from '@strapi/design-system';
import { Fact } from './Fact';

/**
 * A Fact as one cell of a panel's grid of facts: a quarter of the row (half on small screens), or
 * half of it when `wide`; the whole row on phones.
 */
export function FactCell(props: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Grid.Item col={props.wide ? 6 : 3} s={props.wide ? undefined : 6} xs={12}>
      <Fact label={props.label}>{props.children}</Fact>
    </Grid.Item>
  );
}
