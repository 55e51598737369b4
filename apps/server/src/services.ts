import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Access } from './access/access.js';
import { CaravanAccess } from './access/caravan-access.js';
import {
  type Config,
  IMPORT_CONCURRENCY,
  MODEL_LIST_MAX_BYTES,
  RESERVATION_MARGIN_MS,
  WELL_CHECK_TIMEOUT_MS,
} from './config.js';
import type { Db } from './db/dialect.js';
import { SecretBox } from './lib/secret-box.js';
import { AuthService } from './modules/auth/auth.service.js';
import { TokensRepository } from './modules/auth/tokens.repository.js';
import { TokenService } from './modules/auth/tokens.service.js';
import { UsersRepository } from './modules/auth/users.repository.js';
import { BackupRepository } from './modules/backup/backup.repository.js';
import { BackupService } from './modules/backup/backup.service.js';
import { AuditRepository } from './modules/caravans/audit.repository.js';
import { CaravanUsageRepository } from './modules/caravans/caravan-usage.repository.js';
import { CaravanUsageService } from './modules/caravans/caravan-usage.service.js';
import { CaravansRepository } from './modules/caravans/caravans.repository.js';
import { CaravansService } from './modules/caravans/caravans.service.js';
import { InvitesRepository } from './modules/caravans/invites.repository.js';
import { MembersService } from './modules/caravans/members.service.js';
import { QueryAdmission } from './modules/caravans/query-admission.js';
import { QueryReservationsRepository } from './modules/caravans/query-reservations.repository.js';
import { FilesRepository } from './modules/files/files.repository.js';
import { FilesService } from './modules/files/files.service.js';
import { ConversationWriter } from './modules/imports/conversation-writer.js';
import { openExport } from './modules/imports/formats/open-export.js';
import { ImportJobsRepository } from './modules/imports/import-jobs.repository.js';
import { ImportTargetsRepository } from './modules/imports/import-targets.repository.js';
import { ImportsService } from './modules/imports/imports.service.js';
import { parseLogOffThread } from './modules/imports/log-parsing.js';
import { JournalsRepository } from './modules/journals/journals.repository.js';
import { JournalsService } from './modules/journals/journals.service.js';
import { BranchesRepository } from './modules/logbooks/branches.repository.js';
import { BranchesService } from './modules/logbooks/branches.service.js';
import { EntriesRepository } from './modules/logbooks/entries.repository.js';
import { EntriesService } from './modules/logbooks/entries.service.js';
import { LogCache } from './modules/logbooks/log-cache.js';
import { LogReader } from './modules/logbooks/log-reader.js';
import { LogbooksRepository } from './modules/logbooks/logbooks.repository.js';
import { LogbooksService } from './modules/logbooks/logbooks.service.js';
import { MapperProfilesRepository } from './modules/mapper-profiles/mapper-profiles.repository.js';
import { MapperProfilesService } from './modules/mapper-profiles/mapper-profiles.service.js';
import { createPayments, type Payments } from './modules/payments/payments.js';
import { ProfilesService } from './modules/profiles/profiles.service.js';
import { AnswerRecorder } from './modules/queries/answer-recorder.js';
import { AutoTitles } from './modules/queries/auto-title.js';
import { PromptFiles } from './modules/queries/prompt-files.js';
import { ProviderCalls } from './modules/queries/provider-calls.js';
import { QueryService } from './modules/queries/query.service.js';
import { QueryPreparation } from './modules/queries/query-preparation.js';
import { QueryPrompts } from './modules/queries/query-prompt.js';
import { RunningQueriesRepository } from './modules/queries/running-queries.repository.js';
import { StopSignals } from './modules/queries/stop-signals.js';
import { createSearchRepository } from './modules/search/search.repository.js';
import { SearchService } from './modules/search/search.service.js';
import { TokenEstimator } from './modules/usage/token-estimate.js';
import { UsageRepository } from './modules/usage/usage.repository.js';
import { UsageService } from './modules/usage/usage.service.js';
import { WellCheckService } from './modules/wells/well-check.service.js';
import { WellsRepository } from './modules/wells/wells.repository.js';
import { WellsService } from './modules/wells/wells.service.js';
import { answerByteLimit, limitResponses } from './providers/response-limit.js';
import { createGuardedFetch } from './providers/url-guard.js';
import { WorkerPool } from './workers/worker-pool.js';

/** Everything a route needs, wired once per app: repositories own SQL, services own the rules. */
export interface Services {
  config: Config;
  db: Db;
  users: UsersRepository;
  tokens: TokenService;
  auth: AuthService;
  /** The public pages of users (`/u/{username}`). */
  profiles: ProfilesService;
  journals: JournalsService;
  logbooks: LogbooksService;
  entries: EntriesService;
  branches: BranchesService;
  wells: WellsService;
  wellChecks: WellCheckService;
  queries: QueryService;
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
  /** Threads for CPU-heavy work: large request bodies and logs, token counts. */
  workers: WorkerPool;
  /** Starts what listens to other server processes (a Stop reaching another replica). */
  start(): Promise<void>;
  /** Stops what the context started (worker threads); the database is the caller's to close. */
  close(): Promise<void>;
}

export function createServices(config: Config, db: Db, log?: FastifyBaseLogger): Services {
  const users = new UsersRepository(db.kysely);
  const tokens = new TokenService(new TokensRepository(db.kysely), config.tokenTtlMs);
  const journalsRepo = new JournalsRepository(db.kysely);
  const logbooksRepo = new LogbooksRepository(db.kysely);
  const entriesRepo = new EntriesRepository(db.kysely);
  const wellsRepo = new WellsRepository(db.kysely);
  const mapperProfilesRepo = new MapperProfilesRepository(db.kysely);
  const caravansRepo = new CaravansRepository(db.kysely);
  const caravanUsageRepo = new CaravanUsageRepository(db.kysely);
  const auditRepo = new AuditRepository(db.kysely);
  const caravanAccess = new CaravanAccess(caravansRepo, wellsRepo);
  const access = new Access(logbooksRepo, journalsRepo, wellsRepo, mapperProfilesRepo, caravanAccess);
  const workers = new WorkerPool();
  const logReader = new LogReader(workers);
  const entries = new EntriesService(db, logbooksRepo, entriesRepo, access);
  const filesRepo = new FilesRepository(db.kysely);
  const files = new FilesService(db, filesRepo, access, workers, {
    maxBytes: config.fileMaxBytes,
    userMaxBytes: config.userFilesMaxBytes,
    apiPrefix: config.apiPrefix,
  });
  const logCache = new LogCache();
  const wells = new WellsService(
    wellsRepo,
    access,
    new SecretBox(config.secretKey),
    config.wellAllowedHosts,
    caravansRepo,
  );
  const usage = new UsageService(new UsageRepository(db.kysely));
  const recorder = new AnswerRecorder(entries, usage, new TokenEstimator(workers), {
    maxAnswerChars: config.maxAnswerChars,
    timeoutMs: config.queryTimeoutMs,
  });
  const prompts = new QueryPrompts(entriesRepo, journalsRepo, new PromptFiles(files, workers));
  const admission = new QueryAdmission(
    db,
    caravansRepo,
    caravanUsageRepo,
    new QueryReservationsRepository(db.kysely, db.dialect),
    config.queryTimeoutMs + RESERVATION_MARGIN_MS,
  );
  const preparation = new QueryPreparation(access, entriesRepo, entries, wells, admission, prompts, files, {
    maxAnswerChars: config.maxAnswerChars,
    fetch: limitResponses(
      createGuardedFetch(config.wellAllowedHosts),
      answerByteLimit(config.maxAnswerChars),
    ),
  });
  const titles = new AutoTitles(logbooksRepo, admission, usage, (error) =>
    log?.warn({ err: error }, 'naming a logbook after its first answer failed'),
  );
  // Only PostgreSQL has other processes to stop a call in (DESIGN 9).
  const stops = new StopSignals(
    new ProviderCalls(),
    db.dialect === 'postgres' ? new RunningQueriesRepository(db.kysely) : null,
    {
      timeoutMs: config.queryTimeoutMs,
      onError: (error) => log?.warn({ err: error }, 'passing a Stop between server processes failed'),
    },
  );
  const queries = new QueryService(access, preparation, recorder, titles, stops, {
    timeoutMs: config.queryTimeoutMs,
    maxAnswerChars: config.maxAnswerChars,
  });
  const wellChecks = new WellCheckService(wells, {
    fetch: limitResponses(createGuardedFetch(config.wellAllowedHosts), MODEL_LIST_MAX_BYTES),
    timeoutMs: Math.min(WELL_CHECK_TIMEOUT_MS, config.queryTimeoutMs),
  });
  const imports = new ImportsService(
    new ImportJobsRepository(db.kysely),
    new ConversationWriter(
      db,
      logbooksRepo,
      entriesRepo,
      entries,
      new ImportTargetsRepository(db.kysely),
      files,
    ),
    journalsRepo,
    access,
    (path, options) => openExport(path, { ...options, parseLog: parseLogOffThread(logReader) }),
    { dir: join(config.dataDir, 'imports'), maxBytes: config.importMaxBytes },
    { concurrent: IMPORT_CONCURRENCY },
  );
  const caravans = new CaravansService(db, caravansRepo, auditRepo, access, {
    paymentsEnabled: config.paymentsEnabled,
  });
  return {
    config,
    db,
    users,
    tokens,
    auth: new AuthService(users, tokens),
    profiles: new ProfilesService(users),
    journals: new JournalsService(journalsRepo, logbooksRepo, access),
    logbooks: new LogbooksService(db, logbooksRepo, entriesRepo, access, entries, logCache, logReader, files),
    files,
    branches: new BranchesService(
      db,
      access,
      logbooksRepo,
      new BranchesRepository(db.kysely),
      logCache,
      files,
    ),
    entries,
    wells,
    wellChecks,
    queries,
    usage,
    mapperProfiles: new MapperProfilesService(mapperProfilesRepo, access),
    caravans,
    caravanMembers: new MembersService(
      db,
      caravansRepo,
      new InvitesRepository(db.kysely),
      auditRepo,
      users,
      caravanAccess,
      caravans,
    ),
    caravanUsage: new CaravanUsageService(caravanUsageRepo, auditRepo, caravanAccess),
    imports,
    backup: new BackupService(new BackupRepository(db.kysely), entriesRepo, filesRepo),
    search: new SearchService(createSearchRepository(db)),
    payments: createPayments(config, db),
    workers,
    start: () => stops.listen((channel, onPayload) => db.listen(channel, onPayload)),
    close: async () => {
      await stops.close();
      await imports.close();
      await workers.close();
    },
  };
}
