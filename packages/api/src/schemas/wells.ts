import { z } from 'zod';
import { Id, IsoDate, Owner, RequiredTitle } from './common.js';
import { Line } from './text.js';

export const OriginLocChoices = z.record(z.string(), z.array(z.tuple([z.string(), z.string()])));
export type OriginLocChoices = z.infer<typeof OriginLocChoices>;

export const Well = z.object({
  wellid: Id,
  title: z.string(),
  owner: Owner,
  /**
   * The provider's base URL: its default, or the user's server for OpenAI-compatible wells. Absent
   * from a well the caller rents (DESIGN 10): the owner's server is theirs to keep to themselves.
   */
  model_url: z.string().optional(),
  /** `provider/model`, e.g. `openai/gpt-4o-mini`. */
  origin_loc: z.string(),
  provider: z.string(),
  model: z.string(),
  /**
   * Always masked (`sk-…abcd`): the stored key never leaves the server. Absent altogether from a
   * well a caravan shares with the caller.
   */
  AUTH_MODEL_KEY: z.string().optional(),
  /** The caravan that shares this well with the caller; absent on the caller's own wells. */
  caravan: z.object({ caravan_id: Id, name: z.string() }).optional(),
  /** The caller's rental of another's well in the Bazaar (DESIGN 10); absent otherwise. */
  rental: z.object({ rental_id: Id, offer_id: Id, owner: Owner }).optional(),
  created: IsoDate,
  modified: IsoDate,
});
export type Well = z.infer<typeof Well>;

/** The caller's own well, as creating or changing it answers: the masked key is always there. */
export const OwnWell = Well.extend({ AUTH_MODEL_KEY: z.string(), model_url: z.string() });
export type OwnWell = z.infer<typeof OwnWell>;

export const WellList = z.object({ wells: z.array(Well), origin_loc_choices: OriginLocChoices });
export type WellList = z.infer<typeof WellList>;

export const WellDetail = z.object({ wells: Well, origin_loc_choices: OriginLocChoices });
export type WellDetail = z.infer<typeof WellDetail>;

const ApiKey = Line().min(1, 'This field may not be blank.').max(4096);
const OriginLoc = Line().min(1, 'This field may not be blank.').max(260);
const ModelUrl = Line().max(2048, 'Ensure this field has no more than 2048 characters.');

export const WellCreate = z.object({
  title: RequiredTitle,
  AUTH_MODEL_KEY: ApiKey,
  origin_loc: OriginLoc,
  model_url: ModelUrl.optional(),
});
export type WellCreate = z.input<typeof WellCreate>;

/** Fields given are changed; an AUTH_MODEL_KEY equal to the masked value keeps the stored key. */
export const WellUpdate = z.object({
  title: RequiredTitle.optional(),
  AUTH_MODEL_KEY: ApiKey.optional(),
  origin_loc: OriginLoc.optional(),
  model_url: ModelUrl.optional(),
});
export type WellUpdate = z.input<typeof WellUpdate>;

/**
 * `POST /journals/wells/test/`: the well form's values, checked without saving. With the caller's
 * wellid, its masked key (as the manage form shows it) stands for the stored key.
 */
export const WellTest = z.object({
  AUTH_MODEL_KEY: ApiKey,
  origin_loc: OriginLoc,
  model_url: ModelUrl.optional(),
  wellid: Id.optional(),
});
export type WellTest = z.input<typeof WellTest>;

/** Whether the provider answered: `detail` in words for people, `reason` as the provider put it. */
export const WellTestResult = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    detail: z.string(),
    /** The model ids the provider lists, when it lists them. */
    models: z.array(z.string()).optional(),
  }),
  z.object({ ok: z.literal(false), detail: z.string(), reason: z.string() }),
]);
export type WellTestResult = z.infer<typeof WellTestResult>;
