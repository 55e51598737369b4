import type { EntryFile } from '@caravanserai/api';
import { formatSize } from '@caravanserai/mapper';
import { Loader, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { saveBlob } from '../../../../../lib/save-file';
import { fileBytesQuery } from '../../api/get-file';
import { DownloadIcon, FileIcon } from '../icons';
import classes from './entry-files.module.css';

/** A PDF or text file a question carries: its name and size; a click saves it under its name. */
export function FileDownloadChip({ file }: { file: EntryFile }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const size = formatSize(file.size);
  const pdf = file.media_type === 'application/pdf';

  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await queryClient.fetchQuery(fileBytesQuery(file.file_id)), file.name);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `${file.name} was not downloaded`,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <UnstyledButton
      className={classes.fileChip}
      onClick={() => void download()}
      aria-label={`Download ${file.name}, ${size}`}
      aria-busy={busy || undefined}
      title={file.name}
    >
      <span className={classes.fileIcon} data-pdf={pdf || undefined}>
        <FileIcon lines={!pdf} />
      </span>
      <span className={classes.fileText}>
        <Text size="sm" fw={500} truncate="end" component="span" display="block">
          {file.name}
        </Text>
        <Text size="xs" c="dimmed" component="span" display="block">
          {size}
        </Text>
      </span>
      <span className={classes.fileAction}>{busy ? <Loader size={14} /> : <DownloadIcon />}</span>
    </UnstyledButton>
  );
}
