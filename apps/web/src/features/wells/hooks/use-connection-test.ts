import type { WellTestResult } from '@caravanserai/api';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useTestWell } from '../api/test-well';
import { isCompatible } from '../lib/origin';
import {
  serverFieldNames,
  testedFields,
  testSubject,
  type WellFormValues,
  wellTestBody,
} from '../lib/well-values';

/** The provider's answer, or why the test could not be asked at all (the fields, the server). */
export type TestOutcome = { kind: 'answered'; result: WellTestResult } | { kind: 'unasked'; message: string };

interface Options {
  savedOrigin?: string;
  /** The saved well's id on the manage form, so its masked key means the stored one. */
  wellid?: string;
}

/**
 * "Test connection" for a well form. A result is shown only while the provider, address and key
 * it was about stay as they were; a result for other values would mislead.
 */
export function useConnectionTest(form: UseFormReturnType<WellFormValues>, { savedOrigin, wellid }: Options) {
  const test = useTestWell();
  const [last, setLast] = useState<{ subject: string; outcome: TestOutcome } | null>(null);
  const outcome = last?.subject === testSubject(form.values) ? last.outcome : null;
  const result = outcome?.kind === 'answered' ? outcome.result : null;
  // Only a server of the user's own decides its model names; other providers have the select.
  const models = result?.ok && isCompatible(form.values.origin) ? (result.models ?? []) : [];

  async function run(): Promise<void> {
    const { values } = form;
    // Every field is checked (no short cut), so each empty one shows its message.
    const invalid = testedFields(values).filter((field) => form.validateField(field).hasError);
    if (invalid.length > 0) return setLast(null);
    const subject = testSubject(values);
    try {
      const answer = await test.mutateAsync(wellTestBody(values, savedOrigin, wellid));
      setLast({ subject, outcome: { kind: 'answered', result: answer } });
    } catch (error) {
      const { fields, other } = serverFieldErrors(error, serverFieldNames(values));
      const onForm = Object.keys(fields).filter((name) => name in values);
      form.setErrors(Object.fromEntries(onForm.map((name) => [name, fields[name]])));
      const elsewhere = Object.entries(fields).filter(([name]) => !onForm.includes(name));
      const message =
        onForm.length > 0
          ? 'Check the fields above.'
          : ([...other, ...elsewhere.map(([, text]) => text)][0] ??
            'Could not reach the server. Please try again.');
      setLast({ subject, outcome: { kind: 'unasked', message } });
    }
  }

  return { run, outcome, models, pending: test.isPending };
}
