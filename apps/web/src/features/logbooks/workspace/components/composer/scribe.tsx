import type { FileUploaded } from '@caravanserai/api';
import { Button, Group, Switch, Tabs, Text, Textarea, Tooltip } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, memo, useRef, useState } from 'react';
import { uploadedIds } from '../../model/attachments';
import { SendIcon, StopIcon } from '../icons';
import classes from '../workspace.module.css';
import { AttachButton } from './attach-button';
import { AttachmentChips } from './attachment-chip';
import chipClasses from './attachments.module.css';
import { CompareChooser } from './compare-chooser';
import { sentToModel } from './sent-to-model';
import { useAttachments } from './use-attachments';
import { useFileDrop } from './use-file-drop';

export type ComposeMode = 'query' | 'context' | 'comment';

const MODE_HINTS: Record<Exclude<ComposeMode, 'query'>, string> = {
  context: 'Adds a context entry: an instruction sent with every question.',
  comment: 'Adds a comment entry: a note for you, never sent to the model.',
};

/**
 * The Scribe: a message box that grows from 1 to 10 rows of 24 px. Enter sends,
 * Shift+Enter starts a new line; blank messages are ignored. With Context Mode or Comment Mode on
 * the message is stored as that entry, otherwise it is asked of the well. The Memory switch is the
 * logbook's own setting (stored with it); the line under the box says what a query sends, naming
 * the user's and the journal's instructions when there are any.
 * A question carries files: attached with the paperclip, pasted into the box or dropped on it,
 * each uploaded at once; the question waits for the uploads still running.
 */
export const Scribe = memo(function Scribe({
  logid,
  onFileUploaded,
  autoFocus = false,
  asking,
  stopping,
  hasWell,
  wellid = null,
  memory,
  userInstructions = false,
  journalInstructions = false,
  onMemoryChange,
  onSend,
  onStop,
}: {
  logid: string;
  /** A file is stored on the server (the log shows it once a question names it). */
  onFileUploaded: (file: FileUploaded, local: File) => void;
  autoFocus?: boolean;
  asking: boolean;
  stopping: boolean;
  hasWell: boolean;
  /** The logbook's own well, first chosen when a compare is set up. */
  wellid?: string | null;
  memory: boolean;
  /** The user's own instructions go with every question. */
  userInstructions?: boolean;
  /** The logbook's journal has instructions that go with every question. */
  journalInstructions?: boolean;
  onMemoryChange: (memory: boolean) => void;
  /**
   * Resolves with text to give back to the box when it could not be stored. `wellids`: the
   * wells a question is compared across (two or more), else none.
   */
  onSend: (mode: ComposeMode, text: string, files: string[], wellids: string[]) => Promise<string | null>;
  onStop: () => void;
}) {
  const [mode, setMode] = useState<ComposeMode>('query');
  const [value, setValue] = useState('');
  const [compared, setCompared] = useState<string[]>([]);
  const comparing = mode === 'query' && compared.length > 1;
  const input = useRef<HTMLTextAreaElement>(null);
  const attachments = useAttachments(logid, onFileUploaded);
  const drop = useFileDrop(attachments.add, mode === 'query');
  const blocked = mode === 'query' && asking;
  const waiting = mode === 'query' && attachments.uploading;
  const empty = value.trim() === '';

  const send = () => {
    if (empty || blocked || waiting) return;
    const text = value.trim();
    // Files go with questions; context and comments leave them on the box for the next one.
    const taken = mode === 'query' ? attachments.take() : [];
    setValue('');
    input.current?.focus();
    void onSend(mode, text, uploadedIds(taken), comparing ? compared : []).then((unsent) => {
      if (unsent === null) return;
      setValue((current) => (current === '' ? unsent : current));
      attachments.restore(taken);
    });
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (mode !== 'query' || files.length === 0) return;
    event.preventDefault();
    attachments.add(files);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const toggle = (target: ComposeMode) => (checked: boolean) => {
    setMode(checked ? target : 'query');
    input.current?.focus();
  };

  return (
    <div
      className={chipClasses.dropTarget}
      data-dragging={drop.dragging || undefined}
      data-drop-label="Drop files to attach them"
      {...drop.handlers}
    >
      <Tabs value="scribe" variant="outline">
        <Group justify="space-between" gap="xs" align="flex-end">
          <Tabs.List style={{ flexShrink: 0 }}>
            <Tabs.Tab value="scribe">Scribe</Tabs.Tab>
          </Tabs.List>
          <Group gap="md" pb={6}>
            {mode === 'query' && hasWell && (
              <CompareChooser logwell={wellid} chosen={compared} onChange={setCompared} />
            )}
            <Switch
              size="sm"
              label="Context Mode"
              checked={mode === 'context'}
              onChange={(event) => toggle('context')(event.currentTarget.checked)}
            />
            <Switch
              size="sm"
              label="Comment Mode"
              checked={mode === 'comment'}
              onChange={(event) => toggle('comment')(event.currentTarget.checked)}
            />
            <Switch
              size="sm"
              color="teal"
              label="Memory"
              checked={memory}
              onChange={(event) => onMemoryChange(event.currentTarget.checked)}
            />
          </Group>
        </Group>
        <Tabs.Panel value="scribe" pt="xs">
          <AttachmentChips attached={attachments.attached} onRemove={attachments.remove} />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            {mode === 'query' && <AttachButton onFiles={attachments.add} />}
            <Textarea
              ref={input}
              autoFocus={autoFocus}
              flex={1}
              autosize
              minRows={1}
              maxRows={10}
              placeholder="Scribe> "
              aria-label="Scribe"
              classNames={{ input: classes.scribeInput }}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
            />
            {asking && (
              <Tooltip label="Stop the answer: what arrived is kept (Esc)" openDelay={350}>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<StopIcon />}
                  onClick={onStop}
                  loading={stopping}
                >
                  Stop
                </Button>
              </Tooltip>
            )}
            {!blocked && (
              <Button
                leftSection={<SendIcon />}
                onClick={send}
                disabled={empty || waiting}
                title={comparing ? `Ask the ${compared.length} wells chosen, side by side` : undefined}
              >
                {comparing ? 'Compare' : 'Send'}
              </Button>
            )}
          </Group>
          <Group gap={6} mt={4} wrap="wrap" justify="space-between">
            <Text size="xs" c="dimmed" data-memory-hint>
              {mode !== 'query'
                ? MODE_HINTS[mode]
                : hasWell
                  ? sentToModel(memory, { user: userInstructions, journal: journalInstructions })
                  : 'This Logbook has no Well yet: choose one to ask queries.'}
            </Text>
            <Text size="xs" c="dimmed" visibleFrom="sm">
              Enter sends, Shift+Enter adds a line{asking ? ', Esc stops the answer' : ''}.
            </Text>
          </Group>
        </Tabs.Panel>
      </Tabs>
    </div>
  );
});
