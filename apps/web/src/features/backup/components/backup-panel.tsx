import { Alert, Button, Divider, FileInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { UploadProgressBar } from '../../../components/upload-progress';
import { uploadErrorText } from '../../../lib/upload-error';
import { useUploadJob } from '../../../lib/use-upload-job';
import { useDownloadBackup } from '../api/download-backup';
import { useRestoreBackup } from '../api/restore-backup';

/**
 * Backup and restore on the profile page: everything as one zip, and a backup zip brought back in.
 * A restore runs as an import job, which the page shows with `restoreJob`.
 */
export function BackupPanel({ restoreJob }: { restoreJob: (jobId: string) => ReactNode }) {
  const download = useDownloadBackup();
  const restore = useUploadJob(useRestoreBackup());
  const [file, setFile] = useState<File | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) restore.start(file);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="backup-heading">
      <Title order={2} fz="lg" id="backup-heading">
        Backup and restore
      </Title>
      <Text size="sm" c="dimmed">
        Every journal and logbook you own, as one zip you can keep or restore into any account.
      </Text>
      <Stack gap="xs" maw={{ base: '100%', xs: 320 }}>
        <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>
          Download backup
        </Button>
      </Stack>
      {download.isError && (
        <Alert color="red" title="The backup could not be made" role="alert">
          {uploadErrorText(download.error)}
        </Alert>
      )}
      <Divider my="xs" />
      <form onSubmit={submit}>
        <Stack gap="xs" maw={{ base: '100%', xs: 320 }}>
          <FileInput
            label="Backup file"
            description="A backup zip downloaded from Caravanserai."
            placeholder="Choose a backup zip"
            accept=".zip,application/zip"
            value={file}
            onChange={setFile}
            clearable
            disabled={restore.uploading}
          />
          <Button type="submit" disabled={!file} loading={restore.uploading}>
            Restore from backup
          </Button>
        </Stack>
      </form>
      {restore.error && (
        <Alert color="red" title="This backup could not be restored" role="alert">
          {uploadErrorText(restore.error)}
        </Alert>
      )}
      {restore.uploading && <UploadProgressBar progress={restore.progress} />}
      {restore.jobId && restoreJob(restore.jobId)}
    </Stack>
  );
}
