import { ApiError } from '@caravanserai/api';

/** What went wrong with an upload, in the server's words when it gave any. */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.status === 413) return 'The file is too large to import.';
    if (error.status === 401) return 'Log in first: imports go into your own account.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'The upload failed. Please try again.';
}
