import { ApiError } from '@caravanserai/api';

/** What an upload was for: its own words when the server gave none. */
export type UploadPurpose = 'import' | 'attach';

const WORDS: Record<UploadPurpose, { tooLarge: string; signedOut: string }> = {
  import: {
    tooLarge: 'The file is too large to import.',
    signedOut: 'Log in first: imports go into your own account.',
  },
  attach: {
    tooLarge: 'The file is too large to attach.',
    signedOut: 'Log in first: files are attached to your own logbooks.',
  },
};

/**
 * What went wrong with an upload, in the server's words when it gave any (a 413 names the
 * limit); otherwise, for a refusal a proxy answered without them, in words fit for `purpose`.
 */
export function uploadErrorText(error: unknown, purpose: UploadPurpose = 'import'): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.status === 413) return WORDS[purpose].tooLarge;
    if (error.status === 401) return WORDS[purpose].signedOut;
    return error.message;
  }
  return error instanceof Error ? error.message : 'The upload failed. Please try again.';
}
