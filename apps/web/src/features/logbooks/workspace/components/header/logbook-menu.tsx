import type { LogbookOverview } from '@caravanserai/api';
import { parseLog } from '@caravanserai/logbook';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../../config/paths';
import { api } from '../../../../../lib/api';
import { saveFile } from '../../../../../lib/save-file';

import { buildExport, type ExportFormat } from '../../model/export-files';
import { DotsIcon } from '../icons';
import { DeleteLogbookDialog } from './delete-logbook-dialog';

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: 'xml', label: 'Export as .xml file' },
  { format: 'md', label: 'Export as Markdown' },
  { format: 'json', label: 'Export as JSON' },
];

/**
 * The logbook's less frequent actions, folded into one menu so the conversation gets the room:
 * the exports, and for its owner 'Publish to the Bazaar' (when the page offers it), 'Settings'
 * and 'Delete Logbook' (same words).
 */
export function LogbookMenu({
  logbook,
  isOwner,
  onDeleted,
  onPublish,
}: {
  logbook: LogbookOverview;
  isOwner: boolean;
  onDeleted: () => void;
  /** Opens the page's Publish dialog. */
  onPublish?: () => void;
}) {
  const [deleting, { open: askDelete, close: closeDelete }] = useDisclosure(false);
  const [opened, setOpened] = useState(false);
  // The page holds the newest turns only: an export reads the whole logbook, every branch.
  const download = (format: ExportFormat) => {
    api.logbooks
      .get(logbook.logid)
      .then((whole) => {
        const file = buildExport(format, whole, parseLog(whole.log), whole.head);
        saveFile(file.name, file.content, file.type);
      })
      .catch((error: unknown) =>
        notifications.show({
          color: 'red',
          title: 'Not exported',
          message: error instanceof Error ? error.message : String(error),
        }),
      );
  };
  return (
    <>
      <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md" width={220}>
        <Menu.Target>
          <Tooltip
            label={isOwner ? 'Export, publish, settings, delete' : 'Export'}
            openDelay={350}
            disabled={opened}
          >
            <ActionIcon variant="default" size="lg" aria-label="Logbook menu">
              <DotsIcon />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Export</Menu.Label>
          {EXPORTS.map(({ format, label }) => (
            <Menu.Item key={format} onClick={() => download(format)}>
              {label}
            </Menu.Item>
          ))}
          {isOwner && (
            <>
              <Menu.Divider />
              {onPublish && <Menu.Item onClick={onPublish}>Publish to the Bazaar</Menu.Item>}
              <Menu.Item component={Link} to={paths.logbooks.manage.href(logbook.logid)}>
                Settings
              </Menu.Item>
              <Menu.Item color="red" onClick={askDelete}>
                Delete Logbook
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {isOwner && (
        <DeleteLogbookDialog
          logid={logbook.logid}
          opened={deleting}
          onClose={closeDelete}
          onDeleted={onDeleted}
        />
      )}
    </>
  );
}
