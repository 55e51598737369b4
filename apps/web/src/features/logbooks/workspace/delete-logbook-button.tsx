import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useDeleteLogbook } from '../api/delete-logbook';
import { ConfirmModal } from './confirm-modal';

export const DELETE_LOGBOOK_CONFIRM =
  'Are you sure you want to delete this entire logbook? This action cannot be undone.';

/** 'Delete Logbook', behind the spec's confirmation; the owner only ever sees it. */
export function DeleteLogbookButton({ logid, onDeleted }: { logid: string; onDeleted: () => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteLogbook();

  const confirm = () => {
    remove.mutate(logid, {
      onSuccess: () => {
        close();
        notifications.show({ color: 'teal', message: 'Logbook deleted successfully.' });
        onDeleted();
      },
      onError: () => {
        close();
        notifications.show({
          color: 'red',
          message: 'Failed to delete the logbook. You may not have permission to delete this logbook.',
        });
      },
    });
  };

  return (
    <>
      <Button variant="light" color="red" size="xs" onClick={open}>
        Delete Logbook
      </Button>
      <ConfirmModal
        opened={opened}
        title="Delete Logbook"
        message={DELETE_LOGBOOK_CONFIRM}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
