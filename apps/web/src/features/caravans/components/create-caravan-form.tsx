import type { Caravan } from '@caravanserai/api';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCreateCaravan } from '../api/create-caravan';
import { failureText } from '../lib/failure-text';
import { CaravanNameInput, useCaravanNameForm } from './caravan-name-field';

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
  const form = useCaravanNameForm('');

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
          <CaravanNameInput form={form} />
          <Button type="submit" loading={create.isPending} disabled={needsSultan}>
            Create Caravan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
