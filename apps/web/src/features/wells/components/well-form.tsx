import type { OriginLocChoices, WellCreate } from '@caravanserai/api';
import { Alert, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useConnectionTest } from '../hooks/use-connection-test';
import { isCompatible, modelOf } from '../lib/origin';
import { serverFieldNames, type WellFormValues, wellBody } from '../lib/well-values';
import { ConnectionTest } from './connection-test';
import { ModelNameInput } from './model-name-input';
import { OriginSelect } from './origin-select';

const LOCAL_KEY_HINT = 'Local servers such as Ollama accept any text here.';

interface WellFormProps {
  choices: OriginLocChoices;
  initialValues: WellFormValues;
  /** The saved origin when editing: kept selectable, and a provider change resets the address. */
  savedOrigin?: string;
  /** The saved well's id when editing: its masked key then tests with the stored key. */
  wellid?: string;
  /** Creating shows the key as typed; editing shows the server's masked key in a password field. */
  keyMode: 'visible' | 'masked';
  submitLabel: string;
  /** Rejects with the server's error, which the form shows next to the fields. */
  onSubmit: (body: WellCreate) => Promise<unknown>;
  /** On settings, where Exit Without Saving leads. */
  exitHref?: string;
}

/** The fields shared by the create and manage screens of a well. */
export function WellForm({
  choices,
  initialValues,
  savedOrigin,
  wellid,
  keyMode,
  submitLabel,
  onSubmit,
  exitHref,
}: WellFormProps) {
  const [failure, setFailure] = useState<string[] | null>(null);
  const form = useForm<WellFormValues>({
    initialValues,
    validate: {
      title: (v) => (v.trim() ? null : 'Title is required'),
      apiKey: (v) => (v.trim() ? null : 'API Key is required'),
      origin: (v) => (v ? null : 'Select an AI provider and model'),
      modelName: (v, values) => (!isCompatible(values.origin) || v.trim() ? null : 'Model name is required'),
      modelUrl: (v, values) =>
        !isCompatible(values.origin) || v.trim()
          ? null
          : 'Base URL is required for an OpenAI-compatible server',
    },
  });
  const compatible = isCompatible(form.values.origin);
  const connection = useConnectionTest(form, { savedOrigin, wellid });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(wellBody(values, savedOrigin));
    } catch (error) {
      const { fields, other } = serverFieldErrors(error, serverFieldNames(values));
      form.setErrors(fields);
      const unexplained = other.length === 0 && Object.keys(fields).length === 0;
      setFailure(unexplained ? ['Could not reach the server. Please try again.'] : other);
    }
  });

  const keyHints = [
    keyMode === 'masked'
      ? 'Shown masked. Leave it unchanged to keep the stored key, or type a new key to replace it.'
      : 'Stored encrypted; it is never shown again in full.',
    compatible ? LOCAL_KEY_HINT : null,
  ];
  const KeyInput = keyMode === 'masked' ? PasswordInput : TextInput;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && (
          <Alert color="red" variant="light" role="alert" title="The well was not saved.">
            {failure.length > 0
              ? failure.map((line) => <div key={line}>{line}</div>)
              : 'Check the fields below.'}
          </Alert>
        )}
        <TextInput label="Title" required maxLength={200} {...form.getInputProps('title')} />
        <KeyInput
          label="API Key"
          required
          autoComplete="off"
          spellCheck={false}
          description={keyHints.filter(Boolean).join(' ')}
          {...form.getInputProps('apiKey')}
        />
        <OriginSelect
          choices={choices}
          current={savedOrigin}
          {...form.getInputProps('origin')}
          value={form.values.origin}
          onChange={(event) => {
            const origin = event.currentTarget.value;
            form.setFieldValue('origin', origin);
            // A suggestion fills the model name, which the user may then change to any model served.
            if (isCompatible(origin)) form.setFieldValue('modelName', modelOf(origin));
          }}
        />
        {compatible && (
          <>
            <ModelNameInput models={connection.models} {...form.getInputProps('modelName')} />
            <TextInput
              label="Base URL"
              required
              inputMode="url"
              spellCheck={false}
              placeholder="http://127.0.0.1:11434/v1"
              description="e.g. http://127.0.0.1:11434/v1 for Ollama"
              {...form.getInputProps('modelUrl')}
            />
          </>
        )}
        <ConnectionTest
          outcome={connection.outcome}
          pending={connection.pending}
          onTest={() => void connection.run()}
        />
        <FormActions
          submitLabel={submitLabel}
          loading={form.submitting}
          exitHref={exitHref}
          justify="space-between"
          gap="sm"
        />
      </Stack>
    </form>
  );
}
