import { Alert, Button, FileInput, Select, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { UploadProgressBar } from '../../../components/upload-progress';
import { uploadErrorText } from '../../../lib/upload-error';
import { useUploadJob } from '../../../lib/use-upload-job';
import { useStartImport } from '../api/start-import';
import { ImportJobView } from './import-job-view';

const NEW_JOURNAL = '';
export const IMPORT_ACCEPT = '.zip,.json,.xml,application/zip,application/json,application/xml,text/xml';

export interface JournalChoice {
  jid: string;
  title: string;
}

/**
 * The import form: the export file, the journal it goes into (a new one named after the source by
 * default), Import; then the upload's progress, the job's, and what became of each conversation.
 */
export function ImportForm({ journals }: { journals: readonly JournalChoice[] }) {
  const [file, setFile] = useState<File | null>(null);
  const [journal, setJournal] = useState<string>(NEW_JOURNAL);
  const [missingFile, setMissingFile] = useState(false);
  const upload = useUploadJob(useStartImport());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissingFile(true);
      return;
    }
    upload.start(file, journal || undefined);
  };

  const journalData = [
    { value: NEW_JOURNAL, label: 'New journal' },
    ...journals.map((j) => ({ value: j.jid, label: j.title || j.jid })),
  ];

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={{ base: '100%', sm: 480 }}>
          <FileInput
            label="Export file"
            description=".zip, .json or .xml"
            placeholder="Choose a file"
            accept={IMPORT_ACCEPT}
            value={file}
            onChange={(next) => {
              setFile(next);
              setMissingFile(false);
            }}
            clearable
            withAsterisk
            error={missingFile ? 'Choose a file to import.' : undefined}
            disabled={upload.uploading}
          />
          <Select
            label="Journal"
            description="Where the imported logbooks go."
            data={journalData}
            value={journal}
            onChange={(value) => setJournal(value ?? NEW_JOURNAL)}
            allowDeselect={false}
            disabled={upload.uploading}
          />
          <Button type="submit" loading={upload.uploading} style={{ alignSelf: 'flex-start' }}>
            Import
          </Button>
        </Stack>
      </form>
      {upload.error && (
        <Alert color="red" title="This file could not be imported" role="alert">
          {uploadErrorText(upload.error)}
        </Alert>
      )}
      {upload.uploading && <UploadProgressBar progress={upload.progress} />}
      {upload.jobId && <ImportJobView jobId={upload.jobId} />}
    </Stack>
  );
}
