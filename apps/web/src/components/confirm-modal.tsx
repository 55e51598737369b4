import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A yes/no question before something that cannot be undone. `focusConfirm` puts the keyboard on
 * the confirming button (Enter confirms); otherwise on Cancel, for the more drastic questions.
 * `error` (title and text) shows why the last try failed, with the question still open.
 */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  loading = false,
  focusConfirm = false,
  error = null,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  loading?: boolean;
  focusConfirm?: boolean;
  error?: { title: string; text: ReactNode } | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        {error && (
          <Alert color="red" variant="light" role="alert" title={error.title}>
            {error.text}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus={focusConfirm ? undefined : true}>
            {cancelLabel}
          </Button>
          <Button
            color="red"
            onClick={onConfirm}
            loading={loading}
            data-autofocus={focusConfirm ? true : undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
