import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Access } from './access/access.js';
import { CaravanAccess } from './access/caravan-access.js';
import { type Config, MODEL_LIST_MAX_BYTES, WELL_CHECK_TIMEOUT_MS } from './config.js';
import type { Db } from './db/dialect.js';
import type { RedisConnection } from './lib/redis.js';
import { SecretBox } from './lib/secret-box.js';
import { createAdministration } from './modules/admin/create-administration.js';
import { AuthService } from './modules/auth/auth.service.js';
import { TokensRepository } from './modules/auth/tokens.repository.js';
import { TokenService } from './modules/auth/tokens.service.js';
import { UsersRepository } from './modules/auth/users.repository.js';
import { BackupRepository } from './modules/backup/backup.repository.js';
import { BackupService } from './modules/backup/backup.service.js';
import { createBazaar } from './modules/bazaar/create-bazaar.js';
import { AuditRepository } from './modules/caravans/audit.repository.js';
import { CaravanUsageRepository } from './modules/caravans/caravan-usage.repository.js';
import { CaravanUsageService } from './modules/caravans/caravan-usage.service.js';
import { CaravansRepository } from './modules/caravans/caravans.repository.js';
import { CaravansService } from './modules/caravans/caravans.service.js';
import { InvitesRepository } from './modules/caravans/invites.repository.js';
import { MembersService } from './modules/caravans/members.service.js';
import { FilesRepository } from './modules/files/files.repository.js';
import { FilesService } from './modules/files/files.service.js';
import { GatewayService } from './modules/gateway/gateway.service.js';
import { GatewayModels } from './modules/gateway/gateway-models.js';
import { ConversationWriter } from './modules/imports/conversation-writer.js';
import { createImports } from './modules/imports/create-imports.js';
import { openExport } from './modules/imports/formats/open-export.js';
import { ImportTargetsRepository } from './modules/imports/import-targets.repository.js';
import { parseLogOffThread } from './modules/imports/log-parsing.js';
import { JournalsRepository } from './modules/journals/journals.repository.js';
import { JournalsService } from './modules/journals/journals.service.js';
import { ApiKeysRepository } from './modules/keys/api-keys.repository.js';
import { ApiKeysService } from './modules/keys/api-keys.service.js';
import { BranchesRepository } from './modules/logbooks/branches.repository.js';
import { BranchesService } from './modules/logbooks/branches.service.js';
import { EntriesRepository } from './modules/logbooks/entries.repository.js';
import { EntriesService } from './modules/logbooks/entries.service.js';
import { LogCache } from './modules/logbooks/log-cache.js';
import { LogReader } from './modules/logbooks/log-reader.js';
import { LogbookSignals } from './modules/logbooks/logbook-signals.js';
import { LogbooksRepository } from './modules/logbooks/logbooks.repository.js';
import { LogbooksService } from './modules/logbooks/logbooks.service.js';
import { MapperProfilesRepository } from './modules/mapper-profiles/mapper-profiles.repository.js';
import { MapperProfilesService } from './modules/mapper-profiles/mapper-profiles.service.js';
import { createPayments } from './modules/payments/payments.js';
import { ProfilesService } from './modules/profiles/profiles.service.js';
import { AnswerEvents } from './modules/queries/answer-events.js';
import { AnswerEventsRepository } from './modules/queries/answer-events.repository.js';
import { createQueries } from './modules/queries/create-queries.js';
import { createSearchRepository } from './modules/search/search.repository.js';
import { SearchService } from './modules/search/search.service.js';
import { createSso } from './modules/sso/create-sso.js';
import { UsageRepository } from './modules/usage/usage.repository.js';
import { UsageService } from './modules/usage/usage.service.js';
import { createRentalBilling } from './modules/well-rental/create-rental-billing.js';
import { RentalService } from './modules/well-rental/rental.service.js';
import { RentalsRepository } from './modules/well-rental/rentals.repository.js';
import { WellCheckService } from './modules/wells/well-check.service.js';
import { WellsRepository } from './modules/wells/wells.repository.js';
import { WellsService } from './modules/wells/wells.service.js';
import { limitResponses } from './providers/response-limit.js';
import { createGuardedFetch } from './providers/url-guard.js';
import type { Services } from './service-catalog.js';
import { WorkerPool } from './workers/worker-pool.js';

export type { Services };

/** The services (service-catalog.ts) over one database: each repository made once and shared. */
export function createServices(
  config: Config,
  db: Db,
  log?: FastifyBaseLogger,
  redis: RedisConnection | null = null,
): Services {
  const users = new UsersRepository(db.kysely);
  const tokens = new TokenService(new TokensRepository(db.kysely), config.tokenTtlMs);
  const journalsRepo = new JournalsRepository(db.kysely);
  const logbookSignals = new LogbookSignals(db);
  const logbooksRepo = new LogbooksRepository(db.kysely, logbookSignals);
  const entriesRepo = new EntriesRepository(db.kysely);
  const wellsRepo = new WellsRepository(db.kysely);
  const mapperProfilesRepo = new MapperProfilesRepository(db.kysely);
  const caravansRepo = new CaravansRepository(db.kysely);
  const caravanUsageRepo = new CaravanUsageRepository(db.kysely);
  const auditRepo = new AuditRepository(db.kysely);
  // With payments off only free offers exist (DESIGN 10).
  const rentalsRepo = new RentalsRepository(db.kysely, !config.paymentsEnabled || !config.stripe, db.dialect);
  const caravanAccess = new CaravanAccess(caravansRepo, wellsRepo, rentalsRepo);
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
    rentalsRepo,
  );
  const usage = new UsageService(new UsageRepository(db.kysely));
  const { queries, admission, preparation, recorder, stops } = createQueries({
    config,
    db,
    log,
    redis,
    access,
    workers,
    logbooksRepo,
    entriesRepo,
    journalsRepo,
    caravansRepo,
    caravanUsageRepo,
    rentalsRepo,
    entries,
    wells,
    files,
    usage,
  });
  const gateway = new GatewayService(
    new GatewayModels(wellsRepo, caravansRepo, admission, wells, rentalsRepo),
    preparation,
    admission,
    recorder,
    { timeoutMs: config.queryTimeoutMs, maxAnswerChars: config.maxAnswerChars },
  );
  const wellChecks = new WellCheckService(wells, {
    fetch: limitResponses(createGuardedFetch(config.wellAllowedHosts), MODEL_LIST_MAX_BYTES),
    timeoutMs: Math.min(WELL_CHECK_TIMEOUT_MS, config.queryTimeoutMs),
  });
  const auth = new AuthService(users, tokens);
  const importTargets = new ImportTargetsRepository(db.kysely);
  // Every process runs a worker of the import queue kept in the database (DESIGN 9 "Jobs").
  const imports = createImports({
    db,
    writer: new ConversationWriter(db, logbooksRepo, entriesRepo, entries, importTargets, files),
    targets: importTargets,
    journals: journalsRepo,
    access,
    open: (path, options) => openExport(path, { ...options, parseLog: parseLogOffThread(logReader) }),
    uploadLimits: { dir: join(config.dataDir, 'imports'), maxBytes: config.importMaxBytes },
    restoreAccount: async (user, account) => {
      await auth.update(user, account);
    },
    concurrent: config.importConcurrency,
    timings: config.importQueueTimings,
    log,
  });
  const caravans = new CaravansService(db, caravansRepo, auditRepo, access, {
    paymentsEnabled: config.paymentsEnabled,
  });
  const administration = createAdministration({
    config,
    db,
    users,
    tokens,
    caravans: caravansRepo,
    audit: auditRepo,
    caravanAccess,
    log,
  });
  // Both null while payments are off; rental billing then runs on payments' own parts.
  const paymentsModule = createPayments(config, db);
  const payments = paymentsModule?.payments ?? null;
  const rentalBilling =
    paymentsModule &&
    createRentalBilling({ db, payments: paymentsModule.parts, rentals: rentalsRepo, users, log });
  const logbooks = new LogbooksService(
    db,
    logbooksRepo,
    entriesRepo,
    access,
    entries,
    logCache,
    logReader,
    files,
  );
  return {
    ...administration,
    bazaar: createBazaar({
      db,
      access,
      admins: administration.admins,
      caravans: caravansRepo,
      logbooksRepo,
      entriesRepo,
      logbooks,
      files,
      workers,
    }),
    config,
    db,
    users,
    tokens,
    apiKeys: new ApiKeysService(new ApiKeysRepository(db.kysely)),
    auth,
    sso: createSso(config, db, users, tokens, log),
    profiles: new ProfilesService(users),
    journals: new JournalsService(journalsRepo, logbooksRepo, access),
    logbooks,
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
    gateway,
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
    imports: imports.service,
    backup: new BackupService(new BackupRepository(db.kysely), entriesRepo, filesRepo),
    search: new SearchService(createSearchRepository(db)),
    payments,
    rentalBilling,
    wellRental: new RentalService(access, rentalsRepo, payments && ((user) => payments.cards.hasCard(user))),
    workers,
    answerEvents: new AnswerEvents(new AnswerEventsRepository(db.kysely), {
      onError: (error) => log?.warn({ err: error }, 'an answer stream could not be kept for resuming'),
    }),
    logbookSignals,
    start: async () => {
      await logbookSignals.start();
      await stops.listen();
      imports.queue.start();
      rentalBilling?.start();
    },
    close: async () => {
      await administration.passwordResets.close();
      await logbookSignals.close();
      await stops.close();
      await imports.service.close();
      await rentalBilling?.close();
      await workers.close();
    },
  };
}
