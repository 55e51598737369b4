import { ApiError } from '@caravanserai/api';

/**
 * The server's per-field messages, renamed to the form's field names, so they can be shown next to
 * their fields; what belongs to no field is returned apart.
 */
export function serverFieldErrors(
  error: unknown,
  rename: Record<string, string> = {},
): { fields: Record<string, string>; other: string[] } {
  if (!(error instanceof ApiError)) return { fields: {}, other: [] };
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(error.fields)) {
    const text = messages.join(' ');
    if (name === 'non_field_errors') other.push(text);
    else fields[rename[name] ?? name] = text;
  }
  if (error.detail && Object.keys(error.fields).length === 0) other.push(error.detail);
  return { fields, other };
}
