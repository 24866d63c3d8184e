import type { ReactNode } from 'react';
import { Flex, Typography } from '@strapi/design-system';

/** One labelled fact of an admin panel: a small caption over its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction="column" alignItems="flex-start" gap={1}>
      <Typography variant="sigma" textColor="neutral600">
        {label}
      </Typography>
      <Typography>{children}</Typography>
    </Flex>
  );
}
