import { ApiError } from '@caravanserai/api';

/** The server's own sentence when it gave one (a refusal says why), otherwise `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const fields = Object.values(error.fields).flat();
    if (fields.length > 0) return fields.join(' ');
    if (error.detail) return error.detail;
  }
  return fallback;
}
