import type { ImportJob } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { importKeys } from './keys';

const POLL_MS = 1000;

export const getImportJob = (jobId: string) => api.imports.get(jobId);

/** A job is asked again every second while it runs; a finished or failed one is left alone. */
export const importJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: importKeys.job(jobId),
    queryFn: () => getImportJob(jobId),
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });

function isRunning(job: ImportJob | undefined): boolean {
  return job === undefined || job.status === 'running';
}

export function useImportJob(jobId: string | null) {
  return useQuery({ ...importJobQueryOptions(jobId ?? ''), enabled: jobId !== null });
}
