import { Button, Group, Switch, Tabs, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { SendIcon, StopIcon } from './icons';
import classes from './workspace.module.css';

export type ComposeMode = 'query' | 'context' | 'comment';

/**
 * The Scribe: a message box that grows from 1 to 10 rows of 24 px (spec 000 §9). Enter sends,
 * Shift+Enter starts a new line; blank messages are ignored. With Context Mode or Comment Mode on
 * the message is stored as that entry, otherwise it is asked of the well.
 */
export function Scribe({
  asking,
  hasWell,
  onSend,
  onStop,
}: {
  asking: boolean;
  hasWell: boolean;
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
        </Group>
      </Group>
      <Tabs.Panel value="scribe" pt="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            ref={input}
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
            <Button color="red" variant="light" leftSection={<StopIcon />} onClick={onStop}>
              Stop
            </Button>
          )}
          {!blocked && (
            <Button leftSection={<SendIcon />} onClick={send} disabled={empty}>
              Send
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          {mode === 'query'
            ? hasWell
              ? 'Asks the well. Enter sends, Shift+Enter adds a line.'
              : 'This Logbook has no Well: attach one in Settings to ask queries.'
            : `Adds a ${mode} entry. Enter sends, Shift+Enter adds a line.`}
        </Text>
      </Tabs.Panel>
    </Tabs>
  );
}
