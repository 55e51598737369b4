import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { PasswordResetsTable, RegistrationInvitesTable } from './admin-tables.js';
import type { AnswerEventsTable } from './answer-tables.js';
import type {
  BazaarCopiesTable,
  BazaarListingsTable,
  BazaarReportsTable,
  BazaarStarsTable,
  BazaarTopicsTable,
  BazaarVersionFilesTable,
  BazaarVersionsTable,
} from './bazaar-tables.js';
import type {
  CaravanAuditTable,
  CaravanInvitesTable,
  CaravanMembersTable,
  CaravansTable,
  CaravanUsageDailyTable,
  CaravanWellsTable,
  QueryReservationsTable,
} from './caravan-tables.js';
import type { FileBlobsTable, FileRefsTable, FilesTable } from './file-tables.js';
import type {
  ImportJobItemsTable,
  ImportJobsTable,
  ImportMarksTable,
  ImportUploadsTable,
} from './import-tables.js';
import type { ApiKeysTable } from './key-tables.js';
import type { WellOffersTable, WellRentalBillsTable, WellRentalsTable } from './rental-tables.js';
import type { SsoAttemptsTable, SsoIdentitiesTable } from './sso-tables.js';

export type * from './admin-tables.js';
export type * from './caravan-tables.js';
export type * from './file-tables.js';
export type * from './import-tables.js';
export type * from './key-tables.js';
export type * from './sso-tables.js';

/**
 * Column types shared by SQLite and PostgreSQL: booleans are 0/1 integers and times are epoch
 * milliseconds, so both dialects store and return the same values. Mappers turn them into API shapes.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  email: string;
  password_hash: string;
  role: string;
  location: string;
  stripe_customer_id: string | null;
  is_system: number;
  created_at: number;
  /** Sent as a system message before every logbook's context (DESIGN 12); '' for none. */
  instructions: ColumnType<string, string | undefined, string>;
  /** New logbooks start with memory on (1) or off (0). */
  memory_default: ColumnType<number, number | undefined, number>;
  /** A logbook titled 'Default' is given a title after its first answer (1) or not (0). */
  auto_titles: ColumnType<number, number | undefined, number>;
  /** The last request with one of their tokens or keys, written at most once a minute; null: never. */
  last_seen_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When an administrator disabled them (their tokens and keys are refused); null while enabled. */
  disabled_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TokensTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  /** Moved forward at most about once an hour, so it may trail the real last use by that much. */
  last_used_at: number;
}

export interface JournalsTable {
  jid: string;
  owner_id: number;
  title: string;
  created_at: number;
  modified_at: number;
  /** Sent as a system message after the user's, before each of its logbooks' context; '' for none. */
  instructions: ColumnType<string, string | undefined, string>;
}

export interface WellsTable {
  wellid: string;
  owner_id: number;
  title: string;
  origin_loc: string;
  model_url: string;
  key_ciphertext: string;
  key_hint: string;
  created_at: number;
  modified_at: number;
}

export interface LogbooksTable {
  logid: string;
  owner_id: number;
  jid: string | null;
  logwell: string | null;
  title: string;
  description: string;
  private: number;
  salted: number;
  forked: number;
  /** Queries send the stored conversation (1) or only the context (0, the default). */
  memory: number;
  version: number;
  entry_count: number;
  created_at: number;
  modified_at: number;
  /** The conversation an import made it from (`chatgpt:<id>`), unique per owner; null otherwise. */
  source_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The eid of the active leaf (DESIGN 3a); null while the logbook has no entries. */
  head: ColumnType<string | null, string | null | undefined, string | null>;
  /** The model's settings (DESIGN 12), each null for the provider's own default. */
  temperature: ColumnType<number | null, number | null | undefined, number | null>;
  max_output_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  reasoning_effort: ColumnType<string | null, string | null | undefined, string | null>;
  /** What a logbook forked from a Bazaar listing remembers (JSON ForkedFrom); null otherwise. */
  forked_from: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EntriesTable {
  logid: string;
  position: number;
  tag: string;
  attrs: string;
  content: string;
  /** The qid attribute, copied out so a query's answer is found by index. */
  qid: string | null;
  created_at: number;
  /** The entry's id in its logbook (DESIGN 3a), kept here rather than in `attrs`. */
  eid: string;
  /** The `parent` attribute when the entry names one ('' names none: a root), kept here too. */
  parent: string | null;
  /** The document index of the entry it follows; null for a root. */
  parent_position: number | null;
  /** Its distance from the root: the active path ending here holds depth + 1 entries. */
  depth: number;
}

export interface UsageTable {
  id: string;
  user_id: number;
  wellid: string | null;
  logid: string | null;
  provider: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  latency_ms: number;
  outcome: string;
  streamed: number;
  /** The token counts are estimates: the provider reported none. */
  estimated: number;
  /** The caravan whose shared well answered, or null for a query outside every caravan. */
  caravan_id: string | null;
  /** The Bazaar rental a query went through (DESIGN 10), or null. */
  rental_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
}

export interface MapperProfilesTable {
  id: string;
  owner_id: number;
  cursor_blink: number;
  font_size: number;
  right_click_paste: number;
  background_color: string;
  foreground_color: string;
  rows: number;
  cols: number;
  modified_at: number;
}

/** The local mirror of a Stripe subscription (modules/payments keeps it in step). */
export interface SubscriptionsTable {
  /** Stripe's subscription id. */
  id: string;
  user_id: number;
  type: 'Merchant' | 'Sultan';
  /** Stripe's status: active, trialing, past_due, canceled, ... */
  status: string;
  interval: 'month' | 'year';
  current_period_end: number | null;
  cancel_at_period_end: number;
  /** Stripe's price id. */
  price: string;
  request_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  tokens: TokensTable;
  journals: JournalsTable;
  wells: WellsTable;
  logbooks: LogbooksTable;
  entries: EntriesTable;
  usage: UsageTable;
  mapper_profiles: MapperProfilesTable;
  subscriptions: SubscriptionsTable;
  caravans: CaravansTable;
  caravan_members: CaravanMembersTable;
  caravan_invites: CaravanInvitesTable;
  caravan_wells: CaravanWellsTable;
  caravan_audit: CaravanAuditTable;
  caravan_usage_daily: CaravanUsageDailyTable;
  query_reservations: QueryReservationsTable;
  import_jobs: ImportJobsTable;
  import_job_items: ImportJobItemsTable;
  import_uploads: ImportUploadsTable;
  import_marks: ImportMarksTable;
  file_blobs: FileBlobsTable;
  files: FilesTable;
  file_refs: FileRefsTable;
  instance: InstanceTable;
  rate_limits: RateLimitsTable;
  running_queries: RunningQueriesTable;
  answer_events: AnswerEventsTable;
  api_keys: ApiKeysTable;
  registration_invites: RegistrationInvitesTable;
  password_resets: PasswordResetsTable;
  sso_attempts: SsoAttemptsTable;
  sso_identities: SsoIdentitiesTable;
  bazaar_copies: BazaarCopiesTable;
  bazaar_listings: BazaarListingsTable;
  bazaar_versions: BazaarVersionsTable;
  bazaar_version_files: BazaarVersionFilesTable;
  bazaar_topics: BazaarTopicsTable;
  bazaar_stars: BazaarStarsTable;
  bazaar_reports: BazaarReportsTable;
  well_offers: WellOffersTable;
  well_rentals: WellRentalsTable;
  well_rental_bills: WellRentalBillsTable;
}

/** A provider call running in some server process; another may ask it to stop (stop_requested 1). */
export interface RunningQueriesTable {
  logid: string;
  qid: string;
  lane: number;
  started_at: number;
  stop_requested: Generated<number>;
}

/** A shared rate-limit counter: a route and client's count in the window ending at reset_at. */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

/** Facts about the installation as a whole, by name (the secret key's fingerprint). */
export interface InstanceTable {
  name: string;
  value: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type JournalRow = Selectable<JournalsTable>;
export type WellRow = Selectable<WellsTable>;
export type LogbookRow = Selectable<LogbooksTable>;
export type NewLogbook = Insertable<LogbooksTable>;
export type LogbookUpdate = Updateable<LogbooksTable>;
export type EntryRow = Selectable<EntriesTable>;
export type NewEntry = Insertable<EntriesTable>;
export type NewUsage = Insertable<UsageTable>;
export type MapperProfileRow = Selectable<MapperProfilesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type CaravanRow = Selectable<CaravansTable>;
export type CaravanMemberRow = Selectable<CaravanMembersTable>;

/** Where a repository call runs: the database itself or a transaction on it. */
export type Executor = Kysely<Database>;
