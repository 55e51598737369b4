import { ApiError } from '@caravanserai/api';
import { getToken } from './auth-storage';
import { apiPrefix } from './page-config';

/** How far an upload has got, in bytes. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POSTs a form to an API path and reports the bytes sent as they go: fetch cannot tell upload
 * progress, XMLHttpRequest can. It sends what the api client sends (the token from the cookie or
 * local storage as `Authorization: Token …`, JSON accepted) and fails the same way, with an
 * ApiError carrying the server's body; a dropped connection is an ApiError of status 0. Aborted
 * through `signal`, it fails with an AbortError, as fetch does.
 */
export function uploadWithProgress(
  path: string,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    if (signal?.aborted) {
      reject(new DOMException('The upload was stopped.', 'AbortError'));
      return;
    }
    xhr.open('POST', `${window.location.origin}${apiPrefix}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, { detail: 'The upload failed: the server could not be reached.' }));
    xhr.onabort = () =>
      reject(
        signal?.aborted
          ? new DOMException('The upload was stopped.', 'AbortError')
          : new ApiError(0, { detail: 'The upload was stopped.' }),
      );
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
