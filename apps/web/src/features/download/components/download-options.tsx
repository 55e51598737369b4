import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { PACKAGES, useDownloadPackage } from '../api/download-package';

export const DOWNLOAD_FAILED = 'Failed to download file.';

/** The signed-in view: one button per archive format, each showing its own progress. */
export function DownloadOptions() {
  const download = useDownloadPackage();
  return (
    <Stack gap="md">
      <Text>Select a format to download:</Text>
      <Group gap="sm">
        {PACKAGES.map((pkg) => (
          <Button
            key={pkg.filename}
            onClick={() => download.mutate(pkg.filename)}
            loading={download.isPending && download.variables === pkg.filename}
            disabled={download.isPending && download.variables !== pkg.filename}
          >
            {pkg.label}
          </Button>
        ))}
      </Group>
      {download.isError && (
        <Alert color="red" variant="light" role="alert">
          {DOWNLOAD_FAILED}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Both archives hold the same thing: the Mapper terminal application, already set up to talk to this
        server, and a README that explains how to run it. The zip suits Windows; the tarball suits Linux and
        macOS.
      </Text>
    </Stack>
  );
}
