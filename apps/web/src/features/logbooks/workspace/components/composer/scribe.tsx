import { Button, Group, Switch, Tabs, Text, Textarea, Tooltip } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { SendIcon, StopIcon } from '../icons';
import classes from '../workspace.module.css';

export type ComposeMode = 'query' | 'context' | 'comment';

/** What a query sends the model, said plainly under the box (the server builds it the same way). */
export const MEMORY_OFF_SENDS = 'The model is sent: context entries and this question.';
export const MEMORY_ON_SENDS =
  'The model is sent: the conversation so far, without comments, mirages and notices.';

const MODE_HINTS: Record<Exclude<ComposeMode, 'query'>, string> = {
  context: 'Adds a context entry: an instruction sent with every question.',
  comment: 'Adds a comment entry: a note for you, never sent to the model.',
};

/**
 * The Scribe: a message box that grows from 1 to 10 rows of 24 px. Enter sends,
 * Shift+Enter starts a new line; blank messages are ignored. With Context Mode or Comment Mode on
 * the message is stored as that entry, otherwise it is asked of the well. The Memory switch is the
 * logbook's own setting (stored with it); the line under the box says what a query sends.
 */
export function Scribe({
  autoFocus = false,
  asking,
  stopping,
  hasWell,
  memory,
  onMemoryChange,
  onSend,
  onStop,
}: {
  autoFocus?: boolean;
  asking: boolean;
  stopping: boolean;
  hasWell: boolean;
  memory: boolean;
  onMemoryChange: (memory: boolean) => void;
  /** Resolves with text to give back to the box when it could not be stored. */
  onSend: (mode: ComposeMode, text: string) => Promise<string | null>;
  onStop: () => void;
}) {
  const [mode, setMode] = useState<ComposeMode>('query');
  const [value, setValue] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const blocked = mode === 'query' && asking;
  const empty = value.trim() === '';

  const send = () => {
    if (empty || blocked) return;
    const text = value.trim();
    setValue('');
    input.current?.focus();
    void onSend(mode, text).then((unsent) => {
      if (unsent !== null) setValue((current) => (current === '' ? unsent : current));
    });
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
    <Tabs value="scribe" variant="outline">
      <Group justify="space-between" gap="xs" align="flex-end">
        <Tabs.List style={{ flexShrink: 0 }}>
          <Tabs.Tab value="scribe">Scribe</Tabs.Tab>
        </Tabs.List>
        <Group gap="md" pb={6}>
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
        <Group gap="xs" align="flex-end" wrap="nowrap">
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
            <Button leftSection={<SendIcon />} onClick={send} disabled={empty}>
              Send
            </Button>
          )}
        </Group>
        <Group gap={6} mt={4} wrap="wrap" justify="space-between">
          <Text size="xs" c="dimmed" data-memory-hint>
            {mode !== 'query'
              ? MODE_HINTS[mode]
              : hasWell
                ? memory
                  ? MEMORY_ON_SENDS
                  : MEMORY_OFF_SENDS
                : 'This Logbook has no Well yet: choose one to ask queries.'}
          </Text>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            Enter sends, Shift+Enter adds a line{asking ? ', Esc stops the answer' : ''}.
          </Text>
        </Group>
      </Tabs.Panel>
    </Tabs>
  );
}
