import { formatSize } from '@caravanserai/mapper';
import { CloseButton, Group, Paper, RingProgress, Text } from '@mantine/core';
import { useObjectUrl } from '../../../../../lib/use-object-url';
import type { Attachment } from '../../model/attachments';
import { FileIcon } from '../icons';
import classes from './attachments.module.css';

const isImage = (file: File) => file.type.startsWith('image/');

/** The picture of an image chip, drawn from the file on this computer (nothing is fetched). */
function LocalThumbnail({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return url ? <img src={url} alt="" className={classes.thumb} /> : <span className={classes.thumb} />;
}

/**
 * One file on the question being written: a small picture for an image, an icon otherwise, its
 * name and size, how far its upload has got, and a button taking it off.
 */
export function AttachmentChip({ attachment, onRemove }: { attachment: Attachment; onRemove: () => void }) {
  const { file, uploaded, progress } = attachment;
  const uploading = uploaded === null;
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.chip}
      data-uploading={uploading || undefined}
      aria-busy={uploading || undefined}
      title={file.name}
    >
      <Group gap={6} wrap="nowrap" miw={0}>
        {isImage(file) ? (
          <LocalThumbnail file={file} />
        ) : (
          <span className={classes.icon}>
            <FileIcon lines={!file.type.includes('pdf')} />
          </span>
        )}
        <div className={classes.label}>
          <Text size="xs" fw={500} truncate="end">
            {file.name}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2}>
            {uploading ? 'Uploading…' : formatSize(uploaded.size)}
          </Text>
        </div>
        {uploading && (
          <RingProgress
            size={22}
            thickness={3}
            roundCaps
            sections={[{ value: Math.round(progress * 100), color: 'blue' }]}
            aria-label={`Uploading ${file.name}`}
          />
        )}
        <CloseButton size="sm" aria-label={`Remove ${file.name}`} onClick={onRemove} />
      </Group>
    </Paper>
  );
}

/** The files on the question being written, in the order they were attached. */
export function AttachmentChips({
  attached,
  onRemove,
}: {
  attached: readonly Attachment[];
  onRemove: (key: string) => void;
}) {
  if (attached.length === 0) return null;
  return (
    <ul className={classes.chips} aria-label="Attached files">
      {attached.map((attachment) => (
        <li key={attachment.key}>
          <AttachmentChip attachment={attachment} onRemove={() => onRemove(attachment.key)} />
        </li>
      ))}
    </ul>
  );
}
