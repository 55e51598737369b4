import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
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
      <ConfirmModal
        opened={opened}
        onClose={dismiss}
        title="Sign out everywhere?"
        message="Every browser, terminal and device signed in to your account is signed out, this one included. You will need to log in again."
        error={
          signOut.isError
            ? { title: 'You are still signed in.', text: 'Signing out everywhere failed. Please try again.' }
            : null
        }
        confirmLabel="Sign out everywhere"
        loading={signOut.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
