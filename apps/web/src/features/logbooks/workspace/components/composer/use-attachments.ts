import type { FileUploaded } from '@caravanserai/api';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadErrorText } from '../../../../../lib/upload-error';
import { uploadFile } from '../../api/upload-file';
import {
  type Attachment,
  anyUploading,
  roomFor,
  TOO_MANY_FILES,
  uploadedIds,
  without,
  withProgress,
  withUploaded,
} from '../../model/attachments';

export interface Attachments {
  attached: readonly Attachment[];
  /** Some file is still on its way: the question waits for it. */
  uploading: boolean;
  /** The ids of the uploaded files, in the order they were attached. */
  ids: string[];
  add(files: readonly File[]): void;
  remove(key: string): void;
  /** Takes the files off the box (the question was sent with them) and gives them back. */
  take(): Attachment[];
  /** Puts files taken back on the box (the question could not be stored). */
  restore(files: readonly Attachment[]): void;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

let nextKey = 0;

/**
 * The files put on the question being written. Each uploads as soon as it is added; a refused one
 * is taken off, saying why in the server's words. `onUploaded` hears of each stored file, so the
 * log can show it once a question names it.
 */
export function useAttachments(
  logid: string,
  onUploaded: (file: FileUploaded, local: File) => void,
): Attachments {
  const [attached, setAttached] = useState<readonly Attachment[]>([]);
  // The list as last set, for the uploads' callbacks, which outlive the render that started them.
  const current = useRef<readonly Attachment[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const heard = useRef(onUploaded);
  heard.current = onUploaded;

  const commit = useCallback((next: readonly Attachment[]) => {
    current.current = next;
    setAttached(next);
  }, []);

  const upload = useCallback(
    (attachment: Attachment) => {
      const { key, file } = attachment;
      const controller = new AbortController();
      uploads.current.set(key, controller);
      uploadFile({
        logid,
        file,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => commit(withProgress(current.current, key, loaded / total)),
      })
        .then((uploaded) => {
          if (controller.signal.aborted) return;
          const { attached: next, duplicate } = withUploaded(current.current, key, uploaded);
          commit(next);
          heard.current(uploaded, file);
          if (duplicate) notifications.show({ message: `${file.name}: the same file is attached already.` });
        })
        .catch((error: unknown) => {
          if (isAbort(error)) return;
          commit(without(current.current, key));
          notifications.show({
            color: 'red',
            title: `${file.name} was not attached`,
            message: uploadErrorText(error, 'attach'),
          });
        })
        .finally(() => uploads.current.delete(key));
    },
    [logid, commit],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const room = roomFor(current.current, files.length);
      if (room < files.length) notifications.show({ color: 'yellow', message: TOO_MANY_FILES });
      const added = files
        .slice(0, room)
        .map((file) => ({ key: `a${++nextKey}`, file, progress: 0, uploaded: null }));
      commit([...current.current, ...added]);
      for (const attachment of added) upload(attachment);
    },
    [commit, upload],
  );

  const remove = useCallback(
    (key: string) => {
      uploads.current.get(key)?.abort();
      commit(without(current.current, key));
    },
    [commit],
  );

  const take = useCallback(() => {
    const taken = [...current.current];
    commit([]);
    return taken;
  }, [commit]);

  const restore = useCallback(
    (files: readonly Attachment[]) => {
      if (current.current.length === 0) commit(files);
    },
    [commit],
  );

  // Leaving the page stops the uploads still running.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  return {
    attached,
    uploading: anyUploading(attached),
    ids: uploadedIds(attached),
    add,
    remove,
    take,
    restore,
  };
}
