import type { NewApiKey } from '@caravanserai/api';
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useCreateApiKey } from '../api/create-api-key';

/** How long a new key may last; 'never' sends no expiry. */
const LIFETIMES = [
  { value: 'never', label: 'Never expires' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

/** Names a new key and its lifetime; `onCreated` gets the key, whose secret is shown this once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: NewApiKey) => void }) {
  const create = useCreateApiKey();
  const form = useForm({
    initialValues: { name: '', lifetime: '90' },
    validate: {
      name: (value) => (value.trim() === '' ? 'Name the key, e.g. after where it will be used.' : null),
    },
  });

  const submit = form.onSubmit((values) => {
    const days = values.lifetime === 'never' ? null : Number(values.lifetime);
    create.mutate(
      { name: values.name.trim(), expires_in_days: days },
      {
        onSuccess: (made) => {
          form.reset();
          onCreated(made);
        },
        onError: (error) => form.setErrors(serverFieldErrors(error).fields),
      },
    );
  });
  const other = create.isError ? serverFieldErrors(create.error).other : [];

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API key">
      <Stack gap="xs" maw={{ base: '100%', sm: 640 }}>
        {create.isError && other.length > 0 && (
          <Alert color="red" variant="light" role="alert" title="The key was not made.">
            {other.join(' ')}
          </Alert>
        )}
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="Key name"
            placeholder="e.g. laptop scripts"
            maxLength={100}
            miw={200}
            {...form.getInputProps('name')}
          />
          <Select
            label="Expires"
            data={LIFETIMES}
            allowDeselect={false}
            miw={160}
            maw={{ base: '100%', xs: 200 }}
            {...form.getInputProps('lifetime')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
