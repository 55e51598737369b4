import type { Journal } from '@caravanserai/api';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useUpdateJournal } from '../api/update-journal';
import { validateJournalTitle } from './journal-title';

export function ManageJournalForm({
  journal,
  exitHref,
  onSaved,
}: {
  journal: Journal;
  exitHref: string;
  onSaved: (journal: Journal) => void;
}) {
  const update = useUpdateJournal();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const form = useForm({
    initialValues: { title: journal.title },
    validate: { title: validateJournalTitle },
  });

  const submit = form.onSubmit(({ title }) => {
    setOtherErrors([]);
    update.mutate(
      { jid: journal.jid, title: title.trim() },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const { fields, other } = serverFieldErrors(error);
          form.setErrors(fields);
          setOtherErrors(other.length || Object.keys(fields).length ? other : [error.message]);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {otherErrors.length > 0 && (
          <Alert color="red" role="alert" title="The Journal was not saved">
            {otherErrors.join(' ')}
          </Alert>
        )}
        <TextInput label="Title" required maxLength={200} {...form.getInputProps('title')} />
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
