import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '../../../../../components/confirm-modal';
import classes from '../workspace.module.css';
import type { useShellBox } from './use-shell-box';

/**
 * The shell box: an output area above a 'Shell> ' line. Enter runs the line through the shell
 * box's interpreter, Up/Down browse what was typed here, Ctrl+C stops a running command. A
 * command that would remove entries asks in a dialog first, Cancel focused so Enter keeps them.
 */
export function ShellBox({ shell }: { shell: ReturnType<typeof useShellBox> }) {
  const [value, setValue] = useState('');
  const { history } = shell;
  const output = useRef<HTMLDivElement>(null);

  // Newest output in view, as in a terminal.
  useEffect(() => {
    const area = output.current;
    if (area && shell.output) area.scrollTop = area.scrollHeight;
  }, [shell.output]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (shell.running && shell.offerKey(event.key)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      if (shell.running) return;
      setValue('');
      void shell.run(value);
    } else if (event.key === 'ArrowUp') {
      const older = history.older(value);
      if (older !== null) {
        event.preventDefault();
        setValue(older);
      }
    } else if (event.key === 'ArrowDown') {
      const newer = history.newer();
      if (newer !== null) {
        event.preventDefault();
        setValue(newer);
      }
    } else if (event.key === 'c' && event.ctrlKey && shell.running) {
      event.preventDefault();
      shell.cancel();
    }
  };

  return (
    <Stack gap={6}>
      {shell.output !== '' && (
        <div
          ref={output}
          className={classes.shellOutput}
          role="log"
          aria-live="polite"
          aria-label="Shell output"
        >
          {shell.output}
        </div>
      )}
      <Group gap="xs" wrap="nowrap">
        <TextInput
          flex={1}
          placeholder="Shell> "
          aria-label="Shell"
          ff="monospace"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          rightSection={shell.running ? <Loader size="xs" aria-label="Running" /> : null}
        />
        {shell.running ? (
          <Button color="red" variant="light" onClick={shell.cancel}>
            Stop
          </Button>
        ) : (
          shell.output !== '' && (
            <Button variant="default" onClick={shell.clearOutput}>
              Clear output
            </Button>
          )
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Type 'help' to see commands
      </Text>
      <ConfirmModal
        opened={shell.asking}
        title={shell.question?.title ?? ''}
        message={shell.question?.question ?? ''}
        confirmLabel={shell.question?.action ?? ''}
        onConfirm={() => shell.answer(true)}
        onClose={() => shell.answer(false)}
      />
    </Stack>
  );
}
