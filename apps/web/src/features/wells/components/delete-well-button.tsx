import { ApiError } from '@caravanserai/api';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useDeleteWell } from '../api/delete-well';

function failureText(error: unknown): string {
  // 409 names the logbooks still attached to the well; its detail says what to do.
  if (error instanceof ApiError && error.detail) return error.detail;
  return 'Failed to delete the well. Please try again.';
}

/** Delete Well, behind a confirmation; the caller decides where to go once it is gone. */
export function DeleteWellButton({
  wellid,
  title,
  onDeleted,
}: {
  wellid: string;
  title: string;
  onDeleted: () => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteWell();

  const dismiss = () => {
    remove.reset();
    close();
  };

  return (
    <>
      <Button color="red" variant="light" onClick={open}>
        Delete Well
      </Button>
      <Modal opened={opened} onClose={dismiss} title="Delete Well" centered>
        <Stack>
          <Text>
            Are you sure you want to delete the well &lsquo;{title}&rsquo;? Its stored API key is erased. This
            action cannot be undone.
          </Text>
          {remove.isError && (
            <Alert color="red" variant="light" role="alert" title="The well was not deleted.">
              {failureText(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(wellid, { onSuccess: onDeleted })}
            >
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
