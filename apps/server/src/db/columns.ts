/**
 * How values are kept in the columns both dialects share: times as epoch milliseconds (a bigint
 * column), booleans as 0/1 integers. Rows are written and read through these, never by hand.
 */

/** The time to store in a *_at column. */
export const now = (): number => Date.now();
/** A stored time as the API shows it. */
export const iso = (ms: number): string => new Date(ms).toISOString();
/** A stored 0/1 flag as a boolean. */
export const bool = (value: number): boolean => value !== 0;
/** A boolean as the 0/1 flag stored. */
export const int = (value: boolean): number => (value ? 1 : 0);
