import type { CurrentUser } from '@caravanserai/api';
import { Alert, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { InstructionsField, validateInstructions } from '../../../components/instructions-field';
import { serverFieldErrors } from '../../../lib/field-errors';
import { type Settings, useUpdateSettings } from '../api/update-settings';

/** What the alert says of a failed save: the server's words, or where to look, or to try again. */
function failureText(error: Error): string {
  const { fields, other } = serverFieldErrors(error);
  if (other.length > 0) return other.join(' ');
  if (Object.keys(fields).length > 0) return 'Check the fields below and try again.';
  return 'The server did not answer. Please try again.';
}

const settingsOf = (user: CurrentUser): Settings => ({
  instructions: user.instructions,
  memory_default: user.memory_default,
  auto_titles: user.auto_titles,
});

/**
 * The signed-in user's settings for asking (DESIGN 12): instructions sent with every question, and
 * how new logbooks start. Only the profile's own user sees it; `onSaved` hands the saved account on
 * (the page keeps it as the current user, which new logbooks read).
 */
export function AskingSettings({
  user,
  onSaved,
}: {
  user: CurrentUser;
  onSaved: (user: CurrentUser) => void;
}) {
  const save = useUpdateSettings();
  const form = useForm({
    initialValues: settingsOf(user),
    validate: { instructions: validateInstructions },
  });

  const submit = form.onSubmit((values) => {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.setValues(settingsOf(saved));
        form.resetDirty(settingsOf(saved));
        onSaved(saved);
      },
      onError: (error) => form.setErrors(serverFieldErrors(error).fields),
    });
  });

  // A change after saving makes 'saved' old news.
  const saved = save.isSuccess && !form.isDirty();

  return (
    <Stack gap="sm" component="section" aria-labelledby="settings-heading">
      <Title order={2} fz="lg" id="settings-heading">
        Settings
      </Title>
      <Text size="sm" c="dimmed">
        How your questions are asked. Only you can see these.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Settings">
        <Stack gap="md" maw={{ base: '100%', sm: 640 }}>
          {save.isError && (
            <Alert color="red" variant="light" role="alert" title="The settings were not saved.">
              {failureText(save.error)}
            </Alert>
          )}
          {saved && (
            <Alert color="green" variant="light" role="status">
              Settings saved. They hold from your next question on.
            </Alert>
          )}
          <InstructionsField
            hint="How should answers be written? Sent with every question, in every logbook."
            placeholder="e.g. Answer briefly, in British English, and say when you are unsure."
            {...form.getInputProps('instructions')}
            value={form.values.instructions}
          />
          <Switch
            label="Memory on in new logbooks"
            description="New logbooks send the whole conversation with each question. Each logbook's Memory switch still changes it."
            {...form.getInputProps('memory_default', { type: 'checkbox' })}
          />
          <Switch
            label="Name new logbooks after their first answer"
            description="A logbook left titled 'Default' is given a short title once its first answer is in."
            {...form.getInputProps('auto_titles', { type: 'checkbox' })}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
