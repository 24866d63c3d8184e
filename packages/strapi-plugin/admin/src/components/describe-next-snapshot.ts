import type { IntlShape } from 'react-intl';
import type { Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { formatDate } from './format-date';

type ScheduledBuild = NonNullable<Overview['regeneration']['scheduled']>[number];

/**
 * When the next SCP snapshot is rebuilt (the soonest section): `blog: with its next change`, or
 * `blog: after 12 more changes, or with any change from 26 Nov 2026, 14:00:00`. Snapshots are
 * kept off the burst path on big sections; deltas carry the changes meanwhile.
 */
export function describeNextSnapshot(intl: IntlShape, next: ScheduledBuild): string {
  if (!next.dueAt || next.changesLeft <= 1) {
    return intl.formatMessage(
      {
        id: getTranslation('facts.nextSnapshot.nextChange'),
        defaultMessage: '{section}: with its next change',
      },
      { section: next.subject },
    );
  }
  return intl.formatMessage(
    {
      id: getTranslation('facts.nextSnapshot.due'),
      defaultMessage:
        '{section}: after {changes, plural, one {# more change} other {# more changes}}, or with any change from {date}',
    },
    { section: next.subject, changes: next.changesLeft, date: formatDate(intl, next.dueAt) },
  );
}
