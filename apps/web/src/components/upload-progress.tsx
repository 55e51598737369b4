import { Progress, Stack, Text } from '@mantine/core';
import type { UploadProgress } from '../lib/upload';

function percentOf(progress: UploadProgress | null): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}

/** The bytes of the file sent so far, as a bar and a percentage. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const percent = percentOf(progress);
  return (
    <Stack gap={4}>
      <Text size="sm">Uploading… {percent}%</Text>
      <Progress value={percent} aria-label="Upload progress" animated={percent < 100} />
    </Stack>
  );
}
