import type { ImportStarted } from '@caravanserai/api';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { UploadProgress } from './upload';
import type { UploadVariables } from './upload-form';

/**
 * An upload that starts an import job: the bytes sent so far while it goes, then the job's id to
 * follow. Starting again forgets the last job.
 */
export function useUploadJob(mutation: UseMutationResult<ImportStarted, Error, UploadVariables>) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = (file: File, journal?: string) => {
    setJobId(null);
    setProgress({ loaded: 0, total: file.size });
    mutation.mutate(
      { file, journal, onProgress: setProgress },
      { onSuccess: (started) => setJobId(started.job_id) },
    );
  };
  return { start, progress, jobId, uploading: mutation.isPending, error: mutation.error };
}
