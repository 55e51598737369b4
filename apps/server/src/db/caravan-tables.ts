// The caravans' tables (DESIGN 6), in the shape `Database` (database.ts) holds them.

export interface CaravansTable {
  caravan_id: string;
  name: string;
  /** JSON array of `provider/model` or `provider/*`; empty: every model. */
  allowed_models: string;
  member_monthly_queries: number | null;
  member_monthly_tokens: number | null;
  caravan_monthly_tokens: number | null;
  personal_wells: number;
  created_at: number;
  modified_at: number;
}

export interface CaravanMembersTable {
  caravan_id: string;
  user_id: number;
  role: 'leader' | 'member';
  joined_at: number;
}

export interface CaravanInvitesTable {
  invite_id: string;
  caravan_id: string;
  user_id: number;
  invited_by: number;
  created_at: number;
}

export interface CaravanWellsTable {
  caravan_id: string;
  wellid: string;
  created_at: number;
}

/** Who changed what in a caravan; `actor` and `target` are kept as they read at the time. */
export interface CaravanAuditTable {
  id: string;
  caravan_id: string;
  at: number;
  /** Orders changes made within one millisecond. */
  seq: number;
  actor: string;
  action: string;
  target: string;
  detail: string;
}

/** A caravan's usage rows summed by UTC day, member, well and model (kept with each usage row). */
export interface CaravanUsageDailyTable {
  caravan_id: string;
  /** Days since the epoch (created_at / 86,400,000, rounded down). */
  day: number;
  user_id: number;
  /** '' for a usage row without a well. */
  wellid: string;
  provider: string;
  model: string;
  queries: number;
  errors: number;
  input_tokens: number;
  output_tokens: number;
  /** Input and output tokens of answered queries only: what token quotas count. */
  answered_tokens: number;
}

/** A query admitted under a monthly query quota whose usage row is not written yet. */
export interface QueryReservationsTable {
  id: string;
  caravan_id: string;
  user_id: number;
  created_at: number;
  /** After this it no longer counts (its process died before recording the query). */
  expires_at: number;
}
