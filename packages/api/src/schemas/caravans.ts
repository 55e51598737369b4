import { z } from 'zod';
import { Counter, Id, IsoDate, Owner } from './common.js';
import { Line } from './text.js';

/** Caravans, their members, invites, shared wells, policy, usage and audit. */

export const CaravanRole = z.enum(['leader', 'member']);
export type CaravanRole = z.infer<typeof CaravanRole>;

export const CaravanName = Line()
  .min(1, 'This field may not be blank.')
  .max(100, 'Ensure this field has no more than 100 characters.');

/** `provider/model` exactly, or `provider/*` for every model of that provider. */
export const AllowedModel = Line()
  .min(3, 'Not a valid model: use provider/model or provider/*.')
  .max(260, 'Ensure this field has no more than 260 characters.')
  .regex(/^[a-z][a-z0-9-]*\/\S+$/, 'Not a valid model: use provider/model or provider/*.');

/** A monthly cap: a whole number from 0, or null for no cap. */
const Cap = Counter.min(0, 'Ensure this value is greater than or equal to 0.').nullable();

export const CaravanPolicy = z.object({
  allowed_models: z.array(z.string()),
  member_monthly_queries: z.number().int().nullable(),
  member_monthly_tokens: z.number().int().nullable(),
  caravan_monthly_tokens: z.number().int().nullable(),
  personal_wells: z.boolean(),
});
export type CaravanPolicy = z.infer<typeof CaravanPolicy>;

/** `PUT /caravans/{id}/policy/`: the whole policy; a field left out takes its default. */
export const CaravanPolicyUpdate = z.object({
  allowed_models: z
    .array(AllowedModel)
    .max(200, 'Ensure this field has no more than 200 elements.')
    .default([]),
  member_monthly_queries: Cap.default(null),
  member_monthly_tokens: Cap.default(null),
  caravan_monthly_tokens: Cap.default(null),
  personal_wells: z.boolean().default(true),
});
export type CaravanPolicyUpdate = z.input<typeof CaravanPolicyUpdate>;

export const CaravanWrite = z.object({ name: CaravanName });
export type CaravanWrite = z.input<typeof CaravanWrite>;

export const CaravanSummary = z.object({ caravan_id: Id, name: z.string(), role: CaravanRole });
export type CaravanSummary = z.infer<typeof CaravanSummary>;

export const CaravanMember = z.object({ username: z.string(), role: CaravanRole, joined_at: IsoDate });
export type CaravanMember = z.infer<typeof CaravanMember>;

export const CaravanWell = z.object({
  wellid: Id,
  title: z.string(),
  origin_loc: z.string(),
  owner: Owner,
});
export type CaravanWell = z.infer<typeof CaravanWell>;

export const Caravan = CaravanSummary.extend({
  members: z.array(CaravanMember),
  wells: z.array(CaravanWell),
  policy: CaravanPolicy,
});
export type Caravan = z.infer<typeof Caravan>;

const Username = Line()
  .min(1, 'This field may not be blank.')
  .max(150, 'Ensure this field has no more than 150 characters.');

export const CaravanInviteCreate = z.object({ username: Username });
export type CaravanInviteCreate = z.input<typeof CaravanInviteCreate>;

export const CaravanInvite = z.object({ invite_id: Id, caravan_id: Id, username: z.string() });
export type CaravanInvite = z.infer<typeof CaravanInvite>;

export const PendingInvite = z.object({
  invite_id: Id,
  caravan_id: Id,
  caravan_name: z.string(),
  invited_by: z.string(),
});
export type PendingInvite = z.infer<typeof PendingInvite>;

export const CaravanMemberUpdate = z.object({ role: CaravanRole });
export type CaravanMemberUpdate = z.input<typeof CaravanMemberUpdate>;

export const CaravanWellShare = z.object({ wellid: Id });
export type CaravanWellShare = z.input<typeof CaravanWellShare>;

export const UsageGroupBy = z.enum(['member', 'well', 'model', 'day']);
export type UsageGroupBy = z.infer<typeof UsageGroupBy>;

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'Enter a real date as YYYY-MM-DD.',
    },
  );

/** `GET /caravans/{id}/usage/`: from/to default to this UTC month so far. */
export const CaravanUsageQuery = z.object({
  from: Day.optional(),
  to: Day.optional(),
  group_by: UsageGroupBy.default('member'),
  format: z.enum(['json', 'csv']).default('json'),
});
export type CaravanUsageQuery = z.input<typeof CaravanUsageQuery>;

export const CaravanUsageRow = z.object({
  key: z.string(),
  /** Queries a provider answered (in full, cut or stopped): what quotas count. */
  queries: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** Queries that failed (provider error or timeout). */
  errors: z.number().int(),
});
export type CaravanUsageRow = z.infer<typeof CaravanUsageRow>;

export const CaravanUsage = z.object({
  from: z.string(),
  to: z.string(),
  group_by: UsageGroupBy,
  rows: z.array(CaravanUsageRow),
  totals: CaravanUsageRow.omit({ key: true }),
});
export type CaravanUsage = z.infer<typeof CaravanUsage>;

export const CaravanAuditEntry = z.object({
  at: IsoDate,
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.string(),
});
export type CaravanAuditEntry = z.infer<typeof CaravanAuditEntry>;
