import type { IntlShape } from 'react-intl';
import type { PluginState } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';

/** The plugin's state as the page's badge says it. */
export function stateLabel({ formatMessage }: IntlShape, state: PluginState): string {
  switch (state) {
    case 'ready':
      return formatMessage({ id: getTranslation('state.ready'), defaultMessage: 'ready' });
    case 'not-configured':
      return formatMessage({
        id: getTranslation('state.notConfigured'),
        defaultMessage: 'not configured',
      });
    case 'starting':
    case 'registered':
      return formatMessage({ id: getTranslation('state.starting'), defaultMessage: 'starting' });
    case 'failed':
      return formatMessage({ id: getTranslation('state.failed'), defaultMessage: 'failed' });
    case 'stopped':
      return formatMessage({ id: getTranslation('state.stopped'), defaultMessage: 'stopped' });
    default:
      return state;
  }
}
