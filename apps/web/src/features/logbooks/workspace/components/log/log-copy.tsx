import type { EntryFile } from '@caravanserai/api';
import { parseLog } from '@caravanserai/logbook';
import { Alert, Divider, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo, useRef } from 'react';
import { copyRows, READ_ONLY_ACTIONS } from '../../model/copy-rows';
import { knownFiles } from '../../model/entry-files';
import type { LogRow } from '../../model/overlay';
import { EntryRow } from './entry-row';
import { LogFilesContext } from './log-files';
import { LogView, type LogViewHandle } from './log-view';

// The app header's height, and some room: rows scrolled to the top must not end up under it.
const PADDING_START = 60 + 16;
const PADDING_END = 16;

const NO_OLDER = {
  more: false,
  before: 0,
  loading: false,
  load: () => undefined,
  loadToStart: async () => undefined,
};

function useCopyRows(xml: string): LogRow[] | Error {
  return useMemo(() => {
    try {
      return copyRows(parseLog(xml));
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }, [xml]);
}

/** The copy's files, as the rows read them: images drawn, other files offered for download. */
function CopyFiles({ files, children }: { files: readonly EntryFile[]; children: ReactNode }) {
  const known = useMemo(() => knownFiles(files), [files]);
  return <LogFilesContext value={known}>{children}</LogFilesContext>;
}

function Unreadable({ error }: { error: Error }) {
  return (
    <Alert color="red" variant="light" role="alert" title="This copy of the log could not be read.">
      {error.message}
    </Alert>
  );
}

/** A copy's XML and the files its entries carry (whoever may read the copy may read them). */
interface CopyProps {
  xml: string;
  files?: readonly EntryFile[];
}

const NO_FILES: readonly EntryFile[] = [];

/**
 * A copy of a log (a published version, XML) read-only, drawn as the workspace draws a log: the
 * same rows (Markdown, code, formulas, thinking, the files a question carries), from the first
 * entry, scrolled with the window.
 */
export function LogCopy({ xml, files = NO_FILES }: CopyProps) {
  const rows = useCopyRows(xml);
  const log = useRef<LogViewHandle>(null);
  if (rows instanceof Error) return <Unreadable error={rows} />;
  return (
    <CopyFiles files={files}>
      <LogView
        ref={log}
        rows={rows}
        older={NO_OLDER}
        editable={false}
        actions={READ_ONLY_ACTIONS}
        editingKey={null}
        asking={false}
        startAtEnd={false}
        paddingStart={PADDING_START}
        paddingEnd={PADDING_END}
      />
    </CopyFiles>
  );
}

/** The same rows drawn all at once, for a dialog that scrolls by itself (a publish's preview). */
export function LogCopyList({ xml, files = NO_FILES }: CopyProps) {
  const rows = useCopyRows(xml);
  if (rows instanceof Error) return <Unreadable error={rows} />;
  return (
    <CopyFiles files={files}>
      <section aria-label="Log">
        <Divider label="START" labelPosition="center" mb="sm" />
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            Nothing of this logbook would be published: no entry has a chosen tag.
          </Text>
        ) : (
          <Stack component="ol" gap={8} p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((row) => (
              <li key={row.key}>
                <EntryRow row={row} editable={false} actions={READ_ONLY_ACTIONS} editing={false} />
              </li>
            ))}
          </Stack>
        )}
        <Divider label="END" labelPosition="center" mt="sm" />
      </section>
    </CopyFiles>
  );
}
