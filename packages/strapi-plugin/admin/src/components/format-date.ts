/** A date for people: local date and time, or a dash. */
export function formatDate(value: string | undefined): string {
  if (!value) return '–';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}
