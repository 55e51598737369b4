import type { Journal } from '@caravanserai/api';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useCreateJournal } from '../api/create-journal';
import { JOURNAL_NAME_LABEL, validateJournalTitle } from './journal-title';

export function CreateJournalForm({ onCreated }: { onCreated: (journal: Journal) => void }) {
  const create = useCreateJournal();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const form = useForm({ initialValues: { title: '' }, validate: { title: validateJournalTitle } });

  const submit = form.onSubmit(({ title }) => {
    setOtherErrors([]);
    create.mutate(
      { title: title.trim() },
      {
        onSuccess: onCreated,
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
          <Alert color="red" role="alert" title="The Journal was not created">
            {otherErrors.join(' ')}
          </Alert>
        )}
        <TextInput
          label={JOURNAL_NAME_LABEL}
          required
          autoFocus
          maxLength={200}
          {...form.getInputProps('title')}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
