const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const counts = new Intl.NumberFormat('en-US');
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An amount in cents as dollars: 1234 is "$12.34". */
export const dollarsText = (cents: number): string => dollars.format(cents / 100);

/** An offer's price as renters read it: "Free", or "$0.50 per million tokens". */
export const priceText = (centsPerMillion: number): string =>
  centsPerMillion === 0 ? 'Free' : `${dollarsText(centsPerMillion)} per million tokens`;

/**
 * Dollars as typed (a number, or '' for none) to whole cents: 2.5 is 250. The decimal point is
 * moved in the text, since 1.005 * 100 in binary falls just short of 100.5.
 */
export const centsOf = (value: number | string): number => Math.round(Number(`${value || 0}e2`));

/** A count of tokens: 100000 is "100,000". */
export const tokensText = (tokens: number): string => counts.format(tokens);

/** A date as the market shows it: "12 Mar 2026". */
export const dayText = (iso: string): string => day.format(new Date(iso));

/** `YYYY-MM` as "March 2026" (the month is UTC, as the server counts it). */
export function monthText(month: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
