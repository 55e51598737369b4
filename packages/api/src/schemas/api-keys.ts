import { z } from 'zod';
import { IsoDate } from './common.js';
import { Line } from './text.js';

/** Every personal API key starts with this, so people and secret scanners can recognise one. */
export const API_KEY_PREFIX = 'cvs_';

/** The longest a key may be set to last, in days (ten years). */
export const MAX_KEY_DAYS = 3650;

/** How many keys one user may hold at once. */
export const MAX_KEYS_PER_USER = 100;

const daysError = `Enter a whole number of days between 1 and ${MAX_KEY_DAYS}.`;

export const ApiKeyCreate = z.object({
  name: Line()
    .min(1, 'This field may not be blank.')
    .max(100, 'Ensure this field has no more than 100 characters.'),
  /** Left out or null: the key never expires. */
  expires_in_days: z
    .number({ error: daysError })
    .int(daysError)
    .min(1, daysError)
    .max(MAX_KEY_DAYS, daysError)
    .nullable()
    .optional(),
});
export type ApiKeyCreate = z.input<typeof ApiKeyCreate>;

/** A key as its owner sees it in the list: never the secret, only its first characters. */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. `cvs_3fk9a0`. */
  prefix: z.string(),
  created: IsoDate,
  /** When it stops working; null for never. */
  expires: IsoDate.nullable(),
  /** Recorded at most once a minute; null while never used. */
  last_used: IsoDate.nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to creating a key: the only time the whole key is ever shown. */
export const NewApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  key: z.string(),
  created: IsoDate,
  expires: IsoDate.nullable(),
});
export type NewApiKey = z.infer<typeof NewApiKey>;
