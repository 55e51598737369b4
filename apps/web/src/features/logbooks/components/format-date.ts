const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A server timestamp as a short date in the reader's locale; a malformed one is shown as sent. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}
