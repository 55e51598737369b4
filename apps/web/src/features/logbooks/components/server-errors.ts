import { serverFieldErrors } from '../../../lib/field-errors';

/** The API names the well `logwell`; the forms call it `well`. */
const RENAME = { logwell: 'well' };

/**
 * Splits a failed save into messages for the form's fields and messages for an alert; an error
 * with nothing the server explained (a network failure) still gets a line in the alert.
 */
export function logbookFormErrors(error: Error): { fields: Record<string, string>; other: string[] } {
  const { fields, other } = serverFieldErrors(error, RENAME);
  if (other.length === 0 && Object.keys(fields).length === 0) other.push(error.message);
  return { fields, other };
}
