import { notifications } from '@mantine/notifications';
import { ConfirmModal } from '../../../../../components/confirm-modal';
import { useDeleteLogbook } from '../../../api/delete-logbook';

export const DELETE_LOGBOOK_CONFIRM =
  'Are you sure you want to delete this entire logbook? This action cannot be undone.';

/** The spec's confirmation before 'Delete Logbook' (its owner only ever sees it); Cancel has the focus. */
export function DeleteLogbookDialog({
  logid,
  opened,
  onClose,
  onDeleted,
}: {
  logid: string;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteLogbook();

  const confirm = () => {
    remove.mutate(logid, {
      onSuccess: () => {
        onClose();
        notifications.show({ color: 'teal', message: 'Logbook deleted successfully.' });
        onDeleted();
      },
      onError: () => {
        onClose();
        notifications.show({
          color: 'red',
          message: 'Failed to delete the logbook. You may not have permission to delete this logbook.',
        });
      },
    });
  };

  return (
    <ConfirmModal
      opened={opened}
      title="Delete Logbook"
      message={DELETE_LOGBOOK_CONFIRM}
      confirmLabel="Delete"
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
