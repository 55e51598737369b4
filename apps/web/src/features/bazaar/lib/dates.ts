const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A date as the Bazaar shows it: "12 Mar 2026". */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}
