import { Box, Flex, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { ContentTypeChoice } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';
import { CoverageSummary } from '../CoverageSummary';
import { FieldRoles, type ComponentOverrides, type Roles } from './FieldRoles';

/** How much of a type's text reaches agents, and (folded) what each of its fields becomes. */
export function FieldRolesDetails(props: {
  uid: string;
  resolved: NonNullable<ContentTypeChoice['resolved']>;
  roles: Roles;
  onRolesChange(roles: Roles): void;
  components: ComponentOverrides;
  onComponentsChange(components: ComponentOverrides): void;
  disabled: boolean;
}) {
  const { formatMessage } = useIntl();
  return (
    <Flex direction="column" alignItems="stretch" gap={2}>
      {props.resolved.coverage ? <CoverageSummary coverage={props.resolved.coverage} /> : null}
      <details>
        <summary>
          <Typography variant="pi" fontWeight="bold">
            {formatMessage(
              {
                id: getTranslation('mapping.fields.summary'),
                defaultMessage: 'What each field becomes ({count, number} fields)',
              },
              { count: props.resolved.fields.length },
            )}
          </Typography>
        </summary>
        <Box paddingTop={2}>
          <FieldRoles
            uid={props.uid}
            fields={props.resolved.fields}
            roles={props.roles}
            onRolesChange={props.onRolesChange}
            components={props.components}
            onComponentsChange={props.onComponentsChange}
            disabled={props.disabled}
          />
        </Box>
      </details>
    </Flex>
  );
}
