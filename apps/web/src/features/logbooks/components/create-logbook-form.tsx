import type { Logbook } from '@caravanserai/api';
import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCreateLogbook } from '../api/create-logbook';
import type { LogbookChoices } from '../api/logbook-choices';
import { selectData } from './select-data';
import { logbookFormErrors } from './server-errors';

export function CreateLogbookForm({
  choices,
  initialJournal = '',
  initialWell = '',
  onCreated,
}: {
  choices: LogbookChoices;
  initialJournal?: string;
  initialWell?: string;
  onCreated: (logbook: Logbook) => void;
}) {
  const create = useCreateLogbook();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const form = useForm({
    initialValues: { title: '', journal: initialJournal, well: initialWell, private: true },
  });

  const submit = form.onSubmit((values) => {
    setOtherErrors([]);
    create.mutate(
      // A blank title is allowed: the server names the logbook 'Default' (spec 000 §5).
      {
        title: values.title.trim(),
        journal: values.journal || null,
        logwell: values.well || null,
        private: values.private,
      },
      {
        onSuccess: onCreated,
        onError: (error) => {
          const { fields, other } = logbookFormErrors(error);
          form.setErrors(fields);
          setOtherErrors(other);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {otherErrors.length > 0 && (
          <Alert color="red" role="alert" title="The Logbook was not created">
            {otherErrors.join(' ')}
          </Alert>
        )}
        <TextInput
          label="Title"
          placeholder="Default"
          maxLength={200}
          autoFocus
          {...form.getInputProps('title')}
        />
        <NativeSelect
          label="Select Journal"
          description="The Journal that will hold this Logbook."
          data={selectData(choices.journals, 'No journal', initialJournal)}
          {...form.getInputProps('journal')}
        />
        <NativeSelect
          label="Select Well"
          description={
            choices.wells.length > 0 ? (
              'The AI that answers this Logbook’s queries.'
            ) : (
              <>
                You have no Wells yet.{' '}
                <Anchor component={Link} to={paths.wells.create.href()} size="xs">
                  Create a Well
                </Anchor>{' '}
                to run queries.
              </>
            )
          }
          data={selectData(choices.wells, 'No well', initialWell)}
          {...form.getInputProps('well')}
        />
        <Checkbox label="Private" {...form.getInputProps('private', { type: 'checkbox' })} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
