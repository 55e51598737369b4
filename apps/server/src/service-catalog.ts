import type { Config } from './config.js';
import type { Db } from './db/dialect.js';
import type { Administration } from './modules/admin/create-administration.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { TokenService } from './modules/auth/tokens.service.js';
import type { UsersRepository } from './modules/auth/users.repository.js';
import type { BackupService } from './modules/backup/backup.service.js';
import type { Bazaar } from './modules/bazaar/create-bazaar.js';
import type { CaravanUsageService } from './modules/caravans/caravan-usage.service.js';
import type { CaravansService } from './modules/caravans/caravans.service.js';
import type { MembersService } from './modules/caravans/members.service.js';
import type { FilesService } from './modules/files/files.service.js';
import type { GatewayService } from './modules/gateway/gateway.service.js';
import type { ImportsService } from './modules/imports/imports.service.js';
import type { JournalsService } from './modules/journals/journals.service.js';
import type { ApiKeysService } from './modules/keys/api-keys.service.js';
import type { BranchesService } from './modules/logbooks/branches.service.js';
import type { EntriesService } from './modules/logbooks/entries.service.js';
import type { LogbookSignals } from './modules/logbooks/logbook-signals.js';
import type { LogbooksService } from './modules/logbooks/logbooks.service.js';
import type { MapperProfilesService } from './modules/mapper-profiles/mapper-profiles.service.js';
import type { Payments } from './modules/payments/payments.js';
import type { ProfilesService } from './modules/profiles/profiles.service.js';
import type { AnswerEvents } from './modules/queries/answer-events.js';
import type { QueryService } from './modules/queries/query.service.js';
import type { SearchService } from './modules/search/search.service.js';
import type { SsoService } from './modules/sso/sso.service.js';
import type { UsageService } from './modules/usage/usage.service.js';
import type { RentalService } from './modules/well-rental/rental.service.js';
import type { RentalBillingSchedule } from './modules/well-rental/rental-billing-schedule.js';
import type { WellCheckService } from './modules/wells/well-check.service.js';
import type { WellsService } from './modules/wells/wells.service.js';
import type { WorkerPool } from './workers/worker-pool.js';

/** Everything a route needs, wired once per app: repositories own SQL, services own the rules. */
export interface Services extends Administration {
  /** The Bazaar: publishing, the gallery and listings, moderation. */
  bazaar: Bazaar;
  /** The Bazaar's well market: offers, rentals, earnings. */
  wellRental: RentalService;
  config: Config;
  db: Db;
  users: UsersRepository;
  tokens: TokenService;
  /** Personal API keys (DESIGN 11). */
  apiKeys: ApiKeysService;
  auth: AuthService;
  /** Single sign-on with an OpenID Connect provider; null while it is not set up. */
  sso: SsoService | null;
  /** The public pages of users (`/u/{username}`). */
  profiles: ProfilesService;
  journals: JournalsService;
  logbooks: LogbooksService;
  entries: EntriesService;
  branches: BranchesService;
  wells: WellsService;
  wellChecks: WellCheckService;
  queries: QueryService;
  /** The OpenAI-compatible gateway: chat completions through the wells a key's owner may use. */
  gateway: GatewayService;
  usage: UsageService;
  mapperProfiles: MapperProfilesService;
  caravans: CaravansService;
  caravanMembers: MembersService;
  caravanUsage: CaravanUsageService;
  search: SearchService;
  /** Import jobs: export files of other apps and our own backups, turned into logbooks. */
  imports: ImportsService;
  /** Files queries carry: uploaded, read back, sent to models. */
  files: FilesService;
  /** The backup zip of everything a user owns. */
  backup: BackupService;
  /** Cards and subscriptions through Stripe; null while payments are off. */
  payments: Payments | null;
  /** Priced well rentals billed monthly through Stripe, run hourly; null while payments are off. */
  rentalBilling: RentalBillingSchedule | null;
  /** Threads for CPU-heavy work: large request bodies and logs, token counts. */
  workers: WorkerPool;
  /** The answer streams' events, kept so a cut stream can be resumed on any process. */
  answerEvents: AnswerEvents;
  /** Which logbooks change, written through any server process: for pages listening live. */
  logbookSignals: LogbookSignals;
  /** Starts what listens to other server processes (a Stop reaching another replica). */
  start(): Promise<void>;
  /** Stops what the context started (worker threads); the database is the caller's to close. */
  close(): Promise<void>;
}
