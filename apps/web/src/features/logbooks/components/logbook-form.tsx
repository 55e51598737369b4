import type { Logbook, LogbookOverview } from '@caravanserai/api';
import { Alert, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { useCreateLogbook } from '../api/create-logbook';
import type { LogbookChoices } from '../api/logbook-choices';
import { useUpdateLogbook } from '../api/update-logbook';
import { selectData } from './select-data';
import { logbookFormErrors } from './server-errors';
import { WellHint } from './well-hint';

/** What the two screens say: a new logbook is being placed; a saved one has ids to change. */
const TEXTS = {
  create: {
    failed: 'The Logbook was not created',
    journal: 'Select Journal',
    journalHint: 'The Journal that will hold this Logbook.',
    well: 'Select Well',
    submit: 'Submit',
  },
  manage: {
    failed: 'The Logbook was not saved',
    journal: 'Journal ID',
    journalHint: 'The Journal that holds this Logbook.',
    well: 'Well ID',
    submit: 'Save',
  },
};

/**
 * Creates a logbook, or with `logbook` and `exitHref` edits that one (its Settings, which add the
 * description and Salted).
 */
export function LogbookForm({
  logbook,
  choices,
  initialJournal = '',
  initialWell = '',
  initialMemory = true,
  exitHref,
  onSaved,
}: {
  logbook?: LogbookOverview;
  choices: LogbookChoices;
  /** Preselected on a new logbook: journal and well pages link here with their own id. */
  initialJournal?: string;
  initialWell?: string;
  /** A new logbook's Memory, as the user chose for new logbooks in their settings. */
  initialMemory?: boolean;
  exitHref?: string;
  onSaved: (logbook: Logbook) => void;
}) {
  const create = useCreateLogbook();
  const update = useUpdateLogbook();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const texts = logbook ? TEXTS.manage : TEXTS.create;
  const journal = logbook ? (logbook.journal ?? '') : initialJournal;
  const well = logbook ? (logbook.logwell ?? '') : initialWell;
  const form = useForm({
    initialValues: {
      title: logbook?.title ?? '',
      description: logbook?.description ?? '',
      journal,
      well,
      private: logbook?.private ?? true,
      salted: logbook?.salted ?? false,
      memory: initialMemory,
    },
    // A new logbook may be left untitled: the server names it 'Default'.
    validate: { title: (v) => (!logbook || v.trim() ? null : 'Title is required') },
  });

  const submit = form.onSubmit((values) => {
    setOtherErrors([]);
    const placed = {
      title: values.title.trim(),
      journal: values.journal || null,
      logwell: values.well || null,
      private: values.private,
    };
    const callbacks = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        const { fields, other } = logbookFormErrors(error);
        form.setErrors(fields);
        setOtherErrors(other);
      },
    };
    if (logbook) {
      const settings = { ...placed, description: values.description, salted: values.salted };
      update.mutate({ logid: logbook.logid, settings }, callbacks);
    } else {
      create.mutate({ ...placed, memory: values.memory }, callbacks);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {otherErrors.length > 0 && (
          <Alert color="red" role="alert" title={texts.failed}>
            {otherErrors.join(' ')}
          </Alert>
        )}
        <TextInput
          label="Title"
          required={!!logbook}
          placeholder={logbook ? undefined : 'Default'}
          maxLength={200}
          autoFocus={!logbook}
          {...form.getInputProps('title')}
        />
        {logbook && (
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('description')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: logbook ? 2 : 1 }}>
          <NativeSelect
            label={texts.journal}
            description={texts.journalHint}
            data={selectData(choices.journals, 'No journal', journal)}
            {...form.getInputProps('journal')}
          />
          <NativeSelect
            label={texts.well}
            description={<WellHint settings={!!logbook} hasWells={choices.wells.length > 0} />}
            data={selectData(choices.wells, 'No well', well)}
            {...form.getInputProps('well')}
          />
        </SimpleGrid>
        <Group gap="xl" align="flex-start">
          <Checkbox label="Private" {...form.getInputProps('private', { type: 'checkbox' })} />
          {!logbook && (
            <Checkbox
              label="Memory"
              description="Each question sends the whole conversation."
              {...form.getInputProps('memory', { type: 'checkbox' })}
            />
          )}
          {logbook && (
            <Checkbox
              label="Salted"
              description="Frozen: can be viewed and forked, not edited."
              {...form.getInputProps('salted', { type: 'checkbox' })}
            />
          )}
        </Group>
        <FormActions
          submitLabel={texts.submit}
          loading={create.isPending || update.isPending}
          exitHref={exitHref}
        />
      </Stack>
    </form>
  );
}
