import type { Caravan } from '@caravanserai/api';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useDeleteCaravan } from '../api/delete-caravan';
import { useRenameCaravan } from '../api/rename-caravan';
import { failureText } from '../lib/failure-text';
import { CaravanNameInput, useCaravanNameForm } from './caravan-name-field';

/** A leader renames the caravan, or deletes it behind a confirmation. */
export function CaravanSettings({ caravan, onDeleted }: { caravan: Caravan; onDeleted: () => void }) {
  const rename = useRenameCaravan();
  const remove = useDeleteCaravan();
  const [opened, { open, close }] = useDisclosure(false);
  const form = useCaravanNameForm(caravan.name);

  const submit = form.onSubmit(({ name }) => {
    rename.mutate({ id: caravan.caravan_id, name: name.trim() });
  });
  const dismiss = () => {
    remove.reset();
    close();
  };

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate aria-label="Rename caravan">
        <Stack gap="sm">
          {rename.isError && (
            <Alert color="red" variant="light" role="alert" title="The caravan was not renamed.">
              {failureText(rename.error, 'The server did not answer. Please try again.')}
            </Alert>
          )}
          <Group align="flex-end" gap="sm" wrap="wrap">
            <CaravanNameInput form={form} />
            <Button type="submit" variant="default" loading={rename.isPending}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
      <Group>
        <Button color="red" variant="light" onClick={open}>
          Delete Caravan
        </Button>
      </Group>
      <ConfirmModal
        opened={opened}
        onClose={dismiss}
        title="Delete Caravan"
        message={`Are you sure you want to delete ‘${caravan.name}’? Its members lose its wells at once, and its policy, figures and audit log are erased. Their logbooks stay theirs. This cannot be undone.`}
        error={
          remove.isError
            ? {
                title: 'The caravan was not deleted.',
                text: failureText(remove.error, 'The server did not answer. Please try again.'),
              }
            : null
        }
        confirmLabel="Confirm"
        loading={remove.isPending}
        onConfirm={() => remove.mutate(caravan.caravan_id, { onSuccess: onDeleted })}
      />
    </Stack>
  );
}
