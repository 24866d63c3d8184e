import type { IntlShape } from 'react-intl';

/** A date for people, in the admin panel's language: date and time, or a dash. */
export function formatDate(intl: IntlShape, value: string | undefined): string {
  if (!value) return '–';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'medium' });
}
