import { Box, Flex, Toggle, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { ContentTypeChoice } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';

/** A content type's name, kind and error, and the toggle that exposes it to agents. */
export function ContentTypeHeading(props: {
  type: ContentTypeChoice;
  error: string | undefined;
  toggleName: string;
  exposed: boolean;
  disabled: boolean;
  onToggle(): void;
}) {
  const { formatMessage } = useIntl();
  return (
    <Flex justifyContent="space-between" gap={4}>
      <Flex direction="column" alignItems="flex-start" gap={1}>
        <Typography fontWeight="bold">{props.type.displayName}</Typography>
        <Typography variant="pi" textColor="neutral600">
          {props.type.uid} ·{' '}
          {props.type.kind === 'singleType'
            ? formatMessage({
                id: getTranslation('mapping.kind.single'),
                defaultMessage: 'single type',
              })
            : formatMessage({
                id: getTranslation('mapping.kind.collection'),
                defaultMessage: 'collection type',
              })}
          {props.type.localized
            ? ` · ${formatMessage({ id: getTranslation('mapping.localized'), defaultMessage: 'localized' })}`
            : ''}
        </Typography>
        {props.error ? (
          <Typography variant="pi" textColor="danger600">
            {props.error}
          </Typography>
        ) : null}
      </Flex>
      <Box minWidth="180px">
        <Toggle
          aria-label={formatMessage(
            { id: getTranslation('mapping.expose'), defaultMessage: 'Expose {name}' },
            { name: props.type.displayName },
          )}
          name={props.toggleName}
          onLabel={formatMessage({
            id: getTranslation('mapping.exposed'),
            defaultMessage: 'Exposed',
          })}
          offLabel={formatMessage({
            id: getTranslation('mapping.hidden'),
            defaultMessage: 'Hidden',
          })}
          checked={props.exposed}
          disabled={props.disabled}
          onChange={props.onToggle}
        />
      </Box>
    </Flex>
  );
}
