import type { Entry } from '@caravanserai/logbook';
import { memo, useMemo } from 'react';
import { entryFiles, lookOf } from '../../model/entry-files';
import classes from './entry-files.module.css';
import { FileDownloadChip } from './file-download-chip';
import { FileThumbnail } from './file-thumbnail';
import { useLogFiles } from './log-files';

/** The files a question carries, under its text: images as pictures, other files as downloads. */
export const EntryFiles = memo(function EntryFiles({ entry }: { entry: Entry }) {
  const known = useLogFiles();
  const files = useMemo(() => entryFiles(entry, known), [entry, known]);
  if (files.length === 0) return null;
  const images = files.filter((file) => lookOf(file) === 'image');
  const others = files.filter((file) => lookOf(file) !== 'image');
  return (
    <div className={classes.files}>
      {images.length > 0 && (
        <ul className={classes.list} aria-label="Images">
          {images.map((file) => (
            <li key={file.file_id}>
              <FileThumbnail file={file} />
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul className={classes.list} aria-label="Files">
          {others.map((file) => (
            <li key={file.file_id}>
              <FileDownloadChip file={file} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
