import { ApiError } from '@caravanserai/api';
import { describe, expect, it } from 'vitest';
import { uploadErrorText } from './upload-error';

// A proxy in front of the server answers an upload over its own limit with a page of its own.
const proxyPage = '<html><body><h1>413 Request Entity Too Large</h1></body></html>';

describe('uploadErrorText', () => {
  it("gives the server's words whatever the upload was for", () => {
    const refused = new ApiError(413, {
      detail: 'The file is too large: the limit is 1 MB.',
      code: 'too_large',
    });
    expect(uploadErrorText(refused, 'attach')).toBe('The file is too large: the limit is 1 MB.');
    expect(uploadErrorText(refused, 'import')).toBe('The file is too large: the limit is 1 MB.');
  });

  it('says an attachment too large, without the server’s words, is too large to attach', () => {
    expect(uploadErrorText(new ApiError(413, proxyPage), 'attach')).toBe('The file is too large to attach.');
    expect(uploadErrorText(new ApiError(401, null), 'attach')).toBe(
      'Log in first: files are attached to your own logbooks.',
    );
  });

  it('keeps the import wording for imports, the default', () => {
    expect(uploadErrorText(new ApiError(413, proxyPage), 'import')).toBe('The file is too large to import.');
    expect(uploadErrorText(new ApiError(413, null))).toBe('The file is too large to import.');
    expect(uploadErrorText(new ApiError(401, null))).toBe('Log in first: imports go into your own account.');
  });

  it('falls back to the error’s own message, or a plain one', () => {
    expect(uploadErrorText(new Error('Network down'), 'attach')).toBe('Network down');
    expect(uploadErrorText('nothing useful')).toBe('The upload failed. Please try again.');
  });
});
