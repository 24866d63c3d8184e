import { Grid } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { ChangeRelay } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { FactCell } from './FactCell';

/** Where this instance's Redis change relay stands (the `notify` option). */
export function ChangeRelayPanel({ relay }: { relay: ChangeRelay }) {
  const { formatMessage, formatNumber } = useIntl();
  return (
    <Grid.Root gap={4}>
      <FactCell
        wide
        label={formatMessage({ id: getTranslation('relay.state'), defaultMessage: 'Redis' })}
      >
        {formatMessage(
          {
            id: getTranslation('relay.state.value'),
            defaultMessage:
              '{state, select, live {Live: other instances learn of each commit at once} down {Down: other instances poll every revalidateAfterMs} connecting {Connecting to Redis} other {Closed at shutdown}}',
          },
          { state: relay.state },
        )}
        {relay.lastError ? ` (${relay.lastError})` : ''}
      </FactCell>
      <FactCell
        label={formatMessage({ id: getTranslation('relay.connects'), defaultMessage: 'Connects' })}
      >
        {formatNumber(relay.connects)}
      </FactCell>
    </Grid.Root>
  );
}
