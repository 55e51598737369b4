import type { EntryFile } from '@caravanserai/api';
import { formatSize } from '@caravanserai/mapper';
import { Button, Group, Modal, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { saveBlob } from '../../../../../lib/save-file';
import { useObjectUrl } from '../../../../../lib/use-object-url';
import { useFileBytes } from '../../api/get-file';
import { DownloadIcon } from '../icons';
import classes from './entry-files.module.css';

/**
 * An image a question carries, as a small picture; a click shows it full size in a dialog
 * (Escape closes it), with a button saving it under its name.
 */
export function FileThumbnail({ file }: { file: EntryFile }) {
  const bytes = useFileBytes(file.file_id);
  const url = useObjectUrl(bytes.data);
  const [opened, { open, close }] = useDisclosure(false);

  if (bytes.isError) {
    return (
      <Text size="xs" c="dimmed" className={classes.missing}>
        {file.name} could not be loaded.
      </Text>
    );
  }
  return (
    <>
      <UnstyledButton
        className={classes.thumbButton}
        onClick={open}
        disabled={!url}
        aria-label={`Open ${file.name}`}
        title={`${file.name} (${formatSize(file.size)})`}
      >
        {url ? (
          <img src={url} alt={file.name} loading="lazy" className={classes.thumb} />
        ) : (
          <Skeleton width={160} height={120} radius="sm" />
        )}
      </UnstyledButton>
      <Modal opened={opened} onClose={close} title={file.name} size="auto" centered>
        {url && <img src={url} alt={file.name} className={classes.full} />}
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="xs" c="dimmed">
            {file.media_type}, {formatSize(file.size)}
          </Text>
          {bytes.data && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<DownloadIcon />}
              onClick={() => bytes.data && saveBlob(bytes.data, file.name)}
            >
              Download
            </Button>
          )}
        </Group>
      </Modal>
    </>
  );
}
