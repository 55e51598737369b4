import type { Logbook } from '@caravanserai/api';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LogbookChoices } from '../api/logbook-choices';
import { useUpdateLogbook } from '../api/update-logbook';
import { selectData } from './select-data';
import { logbookFormErrors } from './server-errors';

export function ManageLogbookForm({
  logbook,
  choices,
  exitHref,
  onSaved,
}: {
  logbook: Logbook;
  choices: LogbookChoices;
  exitHref: string;
  onSaved: (logbook: Logbook) => void;
}) {
  const update = useUpdateLogbook();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const journal = logbook.journal ?? '';
  const well = logbook.logwell ?? '';
  const form = useForm({
    initialValues: {
      title: logbook.title,
      description: logbook.description,
      journal,
      well,
      private: logbook.private,
      salted: logbook.salted,
    },
    validate: { title: (v) => (v.trim() ? null : 'Title is required') },
  });

  const submit = form.onSubmit((values) => {
    setOtherErrors([]);
    const settings = {
      title: values.title.trim(),
      description: values.description,
      journal: values.journal || null,
      logwell: values.well || null,
      private: values.private,
      salted: values.salted,
    };
    update.mutate(
      { logid: logbook.logid, settings },
      {
        onSuccess: onSaved,
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
          <Alert color="red" role="alert" title="The Logbook was not saved">
            {otherErrors.join(' ')}
          </Alert>
        )}
        <TextInput label="Title" required maxLength={200} {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Journal ID"
            description="The Journal that holds this Logbook."
            data={selectData(choices.journals, 'No journal', journal)}
            {...form.getInputProps('journal')}
          />
          <NativeSelect
            label="Well ID"
            description="The AI that answers its queries."
            data={selectData(choices.wells, 'No well', well)}
            {...form.getInputProps('well')}
          />
        </SimpleGrid>
        <Group gap="xl" align="flex-start">
          <Checkbox label="Private" {...form.getInputProps('private', { type: 'checkbox' })} />
          <Checkbox
            label="Salted"
            description="Frozen: can be viewed and forked, not edited."
            {...form.getInputProps('salted', { type: 'checkbox' })}
          />
        </Group>
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button component={Link} to={exitHref} variant="default">
            Exit Without Saving
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
