import { z } from 'zod';
import './messages.js';
import { Line, MAX_INT32, Text } from './text.js';

/**
 * Ids are short random strings chosen by the server (letters, digits, - and _); anything else
 * cannot name a resource, so it never reaches a query.
 */
export const Id = z
  .string()
  .min(1, 'This field may not be blank.')
  .max(64, 'Not a valid id.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id.');
export const IsoDate = z.string();

/** A whole number from a path or a query string, from `min` to `max`, refused in the API's words. */
export const WholeNumber = (min: number, max: number) =>
  z.coerce
    .number()
    .int('A valid integer is required.')
    .min(min, `Ensure this value is greater than or equal to ${min}.`)
    .max(max, `Ensure this value is less than or equal to ${max}.`);

export const Owner = z.object({ username: z.string() });
export type Owner = z.infer<typeof Owner>;

export const Detail = z.object({ detail: z.string(), code: z.string().optional() });
export type Detail = z.infer<typeof Detail>;

/** DRF-style field errors: {"title": ["This field may not be blank."]}. */
export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

export const Title = Line().max(200, 'Ensure this field has no more than 200 characters.');
export const RequiredTitle = Title.min(1, 'This field may not be blank.');

/** The longest instructions a user or a journal may give (DESIGN 12): sent with every question. */
export const MAX_INSTRUCTIONS = 20_000;

/** Instructions sent to the model with every question: multi-line, '' for none. */
export const Instructions = Text().max(
  MAX_INSTRUCTIONS,
  `Ensure this field has no more than ${MAX_INSTRUCTIONS} characters.`,
);

/** Accepts true/false and the 'true'/'false' strings HTML forms send. */
export const Flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A positive number that fits the 32-bit counter columns (versions, indexes). */
export const Counter = z
  .number()
  .int()
  .max(MAX_INT32, `Ensure this value is less than or equal to ${MAX_INT32}.`);
