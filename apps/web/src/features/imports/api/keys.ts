/** Query keys of import and restore jobs. */
export const importKeys = {
  all: ['imports'] as const,
  job: (jobId: string) => [...importKeys.all, 'job', jobId] as const,
};
