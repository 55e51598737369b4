import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** 'Sign out everywhere', behind a confirmation; afterwards this browser is on the login page too. */
export function SignOutEverywhere() {
  const [opened, { open, close }] = useDisclosure(false);
  const signOut = useSignOutEverywhere();
  const navigate = useNavigate();

  const dismiss = () => {
    signOut.reset();
    close();
  };
  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ message: 'Signed out everywhere. Log in again to continue.' });
        navigate(paths.login.href());
      },
    });

  return (
    <>
      <Button color="red" variant="light" onClick={open}>
        Sign out everywhere
      </Button>
      <Modal opened={opened} onClose={dismiss} title="Sign out everywhere?" centered>
        <Stack>
          <Text>
            Every browser, terminal and device signed in to your account is signed out, this one included. You
            will need to log in again.
          </Text>
          {signOut.isError && (
            <Alert color="red" variant="light" role="alert" title="You are still signed in.">
              Signing out everywhere failed. Please try again.
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={signOut.isPending} onClick={confirm}>
              Sign out everywhere
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
