import { type Caravan, CaravanName } from '@caravanserai/api';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCreateCaravan } from '../api/create-caravan';
import { failureText } from '../lib/failure-text';

/**
 * Create Caravan (a name). With `needsSultan` (payments on, the user not a Sultan) it says so
 * before anything is sent; the server refuses such a request anyway, and its sentence is shown.
 */
export function CreateCaravanForm({
  needsSultan,
  onCreated,
}: {
  needsSultan: boolean;
  onCreated: (caravan: Caravan) => void;
}) {
  const create = useCreateCaravan();
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value) => {
        const parsed = CaravanName.safeParse(value.trim());
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a name.');
      },
    },
  });

  const submit = form.onSubmit(({ name }) => {
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (caravan) => {
          form.reset();
          onCreated(caravan);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create Caravan">
      <Stack gap="sm">
        {needsSultan && (
          <Alert color="yellow" variant="light" title="Caravans are part of the Sultan tier">
            <Text size="sm">
              Creating a Caravan needs the Sultan tier.{' '}
              <Anchor component={Link} to={paths.subscribeSultan.href()} inherit>
                About Sultans
              </Anchor>
              . You can still join a caravan you are invited to.
            </Text>
          </Alert>
        )}
        {create.isError && (
          <Alert color="red" variant="light" role="alert" title="The caravan was not created.">
            {failureText(create.error, 'The server did not answer. Please try again.')}
          </Alert>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Caravan name"
            required
            maxLength={100}
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={create.isPending} disabled={needsSultan}>
            Create Caravan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
