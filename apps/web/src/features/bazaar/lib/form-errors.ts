import { serverFieldErrors } from '../../../lib/field-errors';
import { FORM_FIELDS, type PublishValues } from './publish-form';

export interface PublishErrors {
  fields: Partial<Record<keyof PublishValues, string>>;
  other: string[];
}

const isField = (name: string): name is (typeof FORM_FIELDS)[number] =>
  (FORM_FIELDS as readonly string[]).includes(name);

/**
 * A refused preview or publish as the form shows it: each field's messages beside it (a message
 * about one topic, `topics.2`, beside Topics), anything else above the buttons.
 */
export function publishErrors(error: unknown): PublishErrors {
  const { fields, other } = serverFieldErrors(error);
  const out: PublishErrors = { fields: {}, other: [...other] };
  for (const [name, text] of Object.entries(fields)) {
    const field = name.split('.')[0] ?? name;
    if (isField(field)) out.fields[field] = [out.fields[field], text].filter(Boolean).join(' ');
    else out.other.push(text);
  }
  return out;
}
