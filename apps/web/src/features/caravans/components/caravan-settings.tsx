import type { Caravan } from '@caravanserai/api';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
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
      <Modal opened={opened} onClose={dismiss} title="Delete Caravan" centered>
        <Stack>
          <Text>
            Are you sure you want to delete &lsquo;{caravan.name}&rsquo;? Its members lose its wells at once,
            and its policy, figures and audit log are erased. Their logbooks stay theirs. This cannot be
            undone.
          </Text>
          {remove.isError && (
            <Alert color="red" variant="light" role="alert" title="The caravan was not deleted.">
              {failureText(remove.error, 'The server did not answer. Please try again.')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(caravan.caravan_id, { onSuccess: onDeleted })}
            >
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
