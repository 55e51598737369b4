import { type EntryFile, FileUploaded, fillPath, routes } from '@caravanserai/api';
import { apiPrefix } from '../../../../lib/page-config';
import { requireToken } from '../../../../lib/require-token';
import { type UploadProgress, uploadWithProgress } from '../../../../lib/upload';

export interface FileUpload {
  logid: string;
  file: File;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file a question will carry (DESIGN 3a). It goes as the api client's upload does,
 * but through XMLHttpRequest, which can tell how far it has got. Refusals are ApiErrors with the
 * server's detail (415 names the types allowed, 413 the limit).
 */
export async function uploadFile({ logid, file, onProgress, signal }: FileUpload): Promise<FileUploaded> {
  requireToken();
  const form = new FormData();
  form.append('file', file, file.name);
  const path = fillPath(routes.files.upload.path, { logid });
  return FileUploaded.parse(await uploadWithProgress(path, form, onProgress, signal));
}

/** An uploaded file as the log names it: what `Logbook.files` holds once an entry names it. */
export function entryFileOf(uploaded: FileUploaded): EntryFile {
  const { file_id, name, media_type, size } = uploaded;
  return {
    file_id,
    name,
    media_type,
    size,
    url: `${apiPrefix}${fillPath(routes.files.get.path, { file_id })}`,
  };
}
