import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useInviteMember } from '../api/invite-member';
import { failureText } from '../lib/failure-text';

/** A leader invites a user by username; they accept or decline on their Caravans page. */
export function InviteForm({ caravanId }: { caravanId: string }) {
  const invite = useInviteMember();
  // A new invite clears the last one's answer: the success line names only what was just sent.
  const sent = invite.data?.username;
  const form = useForm({
    initialValues: { username: '' },
    validate: { username: (value) => (value.trim() ? null : 'Enter a username.') },
  });

  const submit = form.onSubmit(({ username }) => {
    invite.mutate(
      { id: caravanId, username: username.trim() },
      {
        onSuccess: () => form.reset(),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a member">
      <Stack gap="sm">
        {invite.isError && (
          <Alert color="red" variant="light" role="alert" title="The invite was not sent.">
            {failureText(invite.error, 'The server did not answer. Please try again.')}
          </Alert>
        )}
        {sent && (
          <Alert color="green" variant="light" role="status">
            {sent} is invited: they accept or decline on their Caravans page.
          </Alert>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Invite by username"
            maxLength={150}
            style={{ flex: '1 1 200px' }}
            {...form.getInputProps('username')}
          />
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
