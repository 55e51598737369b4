import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const fileKeys = {
  bytes: (fileId: string) => ['files', fileId, 'bytes'] as const,
};

/**
 * A file's bytes. They are fetched with the reader's token: the server reads only the
 * Authorization header, so a plain `<img src>` could not show a private logbook's images. A file
 * never changes under its id, so its bytes are kept while the page shows it.
 */
export function fileBytesQuery(fileId: string) {
  return queryOptions({
    queryKey: fileKeys.bytes(fileId),
    queryFn: ({ signal }) => api.files.get(fileId, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: 1,
  });
}

export function useFileBytes(fileId: string, enabled = true) {
  return useQuery({ ...fileBytesQuery(fileId), enabled });
}
