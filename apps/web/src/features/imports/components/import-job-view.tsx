import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useImportJob } from '../api/get-import-job';
import { importKeys } from '../api/keys';
import { ImportResult } from './import-result';

/** A started import or restore: its progress while it runs (asked every second), then its result. */
export function ImportJobView({ jobId, what = 'Import' }: { jobId: string; what?: 'Import' | 'Restore' }) {
  const job = useImportJob(jobId);
  const queryClient = useQueryClient();
  const finished = job.data !== undefined && job.data.status !== 'running';
  // New logbooks and journals exist now: every list and panel showing them is asked again.
  useEffect(() => {
    if (finished) {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== importKeys.all[0] });
    }
  }, [finished, queryClient]);
  if (job.isError && !job.data) {
    return (
      <Alert color="red" title={`The ${what.toLowerCase()}'s progress could not be read`} role="alert">
        {job.error.message}
      </Alert>
    );
  }
  const data = job.data;
  if (data && data.status !== 'running') return <ImportResult job={data} what={what} />;
  const total = data?.total ?? 0;
  const done = data?.done ?? 0;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {total > 0 ? `Importing conversations: ${done} of ${total}` : 'Reading the file…'}
      </Text>
      <Progress value={total > 0 ? percent : 100} aria-label="Import progress" animated striped />
    </Stack>
  );
}
