import type { Journal } from '@caravanserai/api';
import { Alert, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useCreateJournal } from '../api/create-journal';
import { useUpdateJournal } from '../api/update-journal';
import { JOURNAL_NAME_LABEL, validateJournalTitle } from './journal-title';

/** Creates a journal, or with `journal` and `exitHref` edits that one (its Settings). */
export function JournalForm({
  journal,
  exitHref,
  onSaved,
}: {
  journal?: Journal;
  exitHref?: string;
  onSaved: (journal: Journal) => void;
}) {
  const create = useCreateJournal();
  const update = useUpdateJournal();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const form = useForm({
    initialValues: { title: journal?.title ?? '' },
    validate: { title: validateJournalTitle },
  });

  const submit = form.onSubmit(({ title }) => {
    setOtherErrors([]);
    const callbacks = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        const { fields, other } = serverFieldErrors(error);
        form.setErrors(fields);
        setOtherErrors(other.length || Object.keys(fields).length ? other : [error.message]);
      },
    };
    if (journal) update.mutate({ jid: journal.jid, title: title.trim() }, callbacks);
    else create.mutate({ title: title.trim() }, callbacks);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {otherErrors.length > 0 && (
          <Alert color="red" role="alert" title={`The Journal was not ${journal ? 'saved' : 'created'}`}>
            {otherErrors.join(' ')}
          </Alert>
        )}
        <TextInput
          // Creating asks the specified question; its Settings just say Title.
          label={journal ? 'Title' : JOURNAL_NAME_LABEL}
          required
          autoFocus={!journal}
          maxLength={200}
          {...form.getInputProps('title')}
        />
        <FormActions
          submitLabel={journal ? 'Save' : 'Submit'}
          loading={create.isPending || update.isPending}
          exitHref={exitHref}
        />
      </Stack>
    </form>
  );
}
