import type { ReactNode } from 'react';
import { Box, Flex, Typography } from '@strapi/design-system';

/** A titled white panel, as Strapi's own settings pages lay out their groups. */
export function Section(props: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  label?: string;
}) {
  return (
    <Box
      tag="section"
      aria-label={props.label ?? props.title}
      background="neutral0"
      hasRadius
      shadow="filterShadow"
      paddingTop={6}
      paddingBottom={6}
      paddingLeft={7}
      paddingRight={7}
    >
      <Flex direction="column" alignItems="stretch" gap={4}>
        <Flex justifyContent="space-between" alignItems="flex-start" gap={4}>
          <Flex direction="column" alignItems="flex-start" gap={1}>
            <Typography variant="delta" tag="h2">
              {props.title}
            </Typography>
            {props.subtitle ? (
              <Typography variant="pi" textColor="neutral600">
                {props.subtitle}
              </Typography>
            ) : null}
          </Flex>
          {props.action}
        </Flex>
        {props.children}
      </Flex>
    </Box>
  );
}
