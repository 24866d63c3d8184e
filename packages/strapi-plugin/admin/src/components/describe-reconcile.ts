import type { IntlShape } from 'react-intl';
import type { Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { formatDate } from './format-date';

type LastReconcile = NonNullable<Overview['regeneration']['lastReconcile']>;

/** Why the server reconciled, as it says it (`start-up`, …), in the admin panel's language. */
function reasonOf({ formatMessage }: IntlShape, reason: string): string {
  switch (reason) {
    case 'start-up':
      return formatMessage({
        id: getTranslation('reconcile.reason.startUp'),
        defaultMessage: 'start-up',
      });
    case 'settings changed':
      return formatMessage({
        id: getTranslation('reconcile.reason.settingsChanged'),
        defaultMessage: 'settings changed',
      });
    case 'rebuild from the admin panel':
      return formatMessage({
        id: getTranslation('reconcile.reason.rebuild'),
        defaultMessage: 'rebuild from the admin panel',
      });
    case 'configured in the admin panel':
      return formatMessage({
        id: getTranslation('reconcile.reason.configuredHere'),
        defaultMessage: 'configured in the admin panel',
      });
    case 'configured on another instance':
      return formatMessage({
        id: getTranslation('reconcile.reason.configuredElsewhere'),
        defaultMessage: 'configured on another instance',
      });
    case 'on demand':
      return formatMessage({
        id: getTranslation('reconcile.reason.onDemand'),
        defaultMessage: 'on demand',
      });
    default:
      return reason;
  }
}

/** `25/11/2026 10:00 (start-up): 40 checked, 3 updated, 1 removed, 0 not servable`. */
export function describeReconcile(intl: IntlShape, last: LastReconcile): string {
  return intl.formatMessage(
    {
      id: getTranslation('reconcile.summary'),
      defaultMessage:
        '{date} ({reason}): {seen} checked, {changed} updated, {removed} removed, {failed} not servable',
    },
    {
      date: formatDate(intl, last.finishedAt),
      reason: reasonOf(intl, last.reason),
      seen: last.seen,
      changed: last.changed,
      removed: last.removed,
      failed: last.failed,
    },
  );
}
