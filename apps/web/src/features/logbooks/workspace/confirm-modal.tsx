import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * A yes/no question before something that cannot be undone. `focusConfirm` puts the keyboard on
 * the confirming button (Enter confirms); otherwise on Cancel, for the more drastic questions.
 */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  loading = false,
  focusConfirm = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  focusConfirm?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus={focusConfirm ? undefined : true}>
          Cancel
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
    </Modal>
  );
}
