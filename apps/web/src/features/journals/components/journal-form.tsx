import type { Journal } from '@caravanserai/api';
import { Alert, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { InstructionsField, validateInstructions } from '../../../components/instructions-field';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useCreateJournal } from '../api/create-journal';
import { useUpdateJournal } from '../api/update-journal';
import { JOURNAL_NAME_LABEL, validateJournalTitle } from './journal-title';

/**
 * Creates a journal, or with `journal` and `exitHref` edits that one (its Settings: the title and
 * the instructions sent with its logbooks' questions).
 */
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
    initialValues: { title: journal?.title ?? '', instructions: journal?.instructions ?? '' },
    validate: { title: validateJournalTitle, instructions: validateInstructions },
  });

  const submit = form.onSubmit(({ title, instructions }) => {
    setOtherErrors([]);
    const callbacks = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        const { fields, other } = serverFieldErrors(error);
        form.setErrors(fields);
        setOtherErrors(other.length || Object.keys(fields).length ? other : [error.message]);
      },
    };
    if (journal) update.mutate({ jid: journal.jid, title: title.trim(), instructions }, callbacks);
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
        {/* Creating asks only the name, as specified; instructions are given in its Settings. */}
        {journal && (
          <InstructionsField
            hint="Sent with every question in this journal's logbooks, after your own instructions."
            placeholder="e.g. These logbooks are about our trip: give distances in kilometres."
            {...form.getInputProps('instructions')}
            value={form.values.instructions}
          />
        )}
        <FormActions
          submitLabel={journal ? 'Save' : 'Submit'}
          loading={create.isPending || update.isPending}
          exitHref={exitHref}
        />
      </Stack>
    </form>
  );
}
