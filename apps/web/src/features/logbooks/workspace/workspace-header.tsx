import type { Logbook } from '@caravanserai/api';
import type { Entry } from '@caravanserai/logbook';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LogbookBadges } from '../../../components/logbook-badges';
import { OwnerLine } from '../../../components/owner-line';
import { paths } from '../../../config/paths';
import { saveFile } from '../../../lib/save-file';
import { DeleteLogbookButton } from './delete-logbook-button';
import { buildExport, type ExportFormat } from './export-files';

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: 'xml', label: 'Export as .xml file' },
  { format: 'md', label: 'Export as Markdown' },
  { format: 'json', label: 'Export as JSON' },
];

/** The well, title, owner and flags of the logbook, its exports, and for its owner Settings and Delete. */
export function WorkspaceHeader({
  logbook,
  entries,
  isOwner,
  onDeleted,
}: {
  logbook: Logbook;
  /** The stored entries, or null when the log cannot be read (then there is nothing to export). */
  entries: readonly Entry[] | null;
  isOwner: boolean;
  onDeleted: () => void;
}) {
  const download = (format: ExportFormat) => {
    if (!entries) return;
    const file = buildExport(format, logbook, entries);
    saveFile(file.name, file.content, file.type);
  };
  return (
    <Stack gap="xs">
      {logbook.well && (
        <Anchor component={Link} to={paths.wells.detail.href(logbook.well.wellid)} fw={500} w="fit-content">
          Using Well: {logbook.well.title}
        </Anchor>
      )}
      <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
        {logbook.title}
      </Title>
      <Group gap="sm">
        <OwnerLine username={logbook.owner.username} c="dimmed" />
        <LogbookBadges flags={logbook} />
      </Group>
      {logbook.description && (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{logbook.description}</Text>
      )}
      <Group gap="xs" mt={4}>
        {EXPORTS.map(({ format, label }) => (
          <Button
            key={format}
            variant="default"
            size="xs"
            disabled={!entries}
            onClick={() => download(format)}
          >
            {label}
          </Button>
        ))}
        {isOwner && (
          <>
            <Button
              component={Link}
              to={paths.logbooks.manage.href(logbook.logid)}
              variant="default"
              size="xs"
            >
              Settings
            </Button>
            <DeleteLogbookButton logid={logbook.logid} onDeleted={onDeleted} />
          </>
        )}
      </Group>
    </Stack>
  );
}
