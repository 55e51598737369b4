import type { FastifyBaseLogger } from 'fastify';
import type { Access } from '../../access/access.js';
import { type Config, RESERVATION_MARGIN_MS } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import type { RedisConnection } from '../../lib/redis.js';
import { answerByteLimit, limitResponses } from '../../providers/response-limit.js';
import { createGuardedFetch } from '../../providers/url-guard.js';
import type { WorkerPool } from '../../workers/worker-pool.js';
import type { CaravanUsageRepository } from '../caravans/caravan-usage.repository.js';
import type { CaravansRepository } from '../caravans/caravans.repository.js';
import { QueryAdmission } from '../caravans/query-admission.js';
import { QueryReservationsRepository } from '../caravans/query-reservations.repository.js';
import type { FilesService } from '../files/files.service.js';
import type { JournalsRepository } from '../journals/journals.repository.js';
import type { EntriesRepository } from '../logbooks/entries.repository.js';
import type { EntriesService } from '../logbooks/entries.service.js';
import type { LogbooksRepository } from '../logbooks/logbooks.repository.js';
import { TokenEstimator } from '../usage/token-estimate.js';
import type { UsageService } from '../usage/usage.service.js';
import type { RentalsRepository } from '../well-rental/rentals.repository.js';
import type { WellsService } from '../wells/wells.service.js';
import { AnswerRecorder } from './answer-recorder.js';
import { AutoTitles } from './auto-title.js';
import { PromptFiles } from './prompt-files.js';
import { ProviderCalls } from './provider-calls.js';
import { QueryService } from './query.service.js';
import { QueryPreparation } from './query-preparation.js';
import { QueryPrompts } from './query-prompt.js';
import { RunningQueriesRepository } from './running-queries.repository.js';
import { StopSignals, stopChannelOf } from './stop-signals.js';

export interface QueryParts {
  config: Config;
  db: Db;
  log: FastifyBaseLogger | undefined;
  redis: RedisConnection | null;
  access: Access;
  workers: WorkerPool;
  logbooksRepo: LogbooksRepository;
  entriesRepo: EntriesRepository;
  journalsRepo: JournalsRepository;
  caravansRepo: CaravansRepository;
  caravanUsageRepo: CaravanUsageRepository;
  rentalsRepo: RentalsRepository;
  entries: EntriesService;
  wells: WellsService;
  files: FilesService;
  usage: UsageService;
}

/** Asking a well, from a logbook or through the gateway: the steps every query takes. */
export interface Queries {
  queries: QueryService;
  /** The caravans' and rentals' policies and quotas, before any provider call. */
  admission: QueryAdmission;
  /** A query's well, prompt and files, made ready to send. */
  preparation: QueryPreparation;
  /** An answer's entry and usage, stored once it ends. */
  recorder: AnswerRecorder;
  /** Stop, on whichever server process runs the call (DESIGN 9). */
  stops: StopSignals;
}

export function createQueries(parts: QueryParts): Queries {
  const { config, db, log, workers } = parts;
  const limits = { timeoutMs: config.queryTimeoutMs, maxAnswerChars: config.maxAnswerChars };
  const recorder = new AnswerRecorder(parts.entries, parts.usage, new TokenEstimator(workers), limits);
  const prompts = new QueryPrompts(
    parts.entriesRepo,
    parts.journalsRepo,
    new PromptFiles(parts.files, workers),
  );
  const admission = new QueryAdmission(
    db,
    parts.caravansRepo,
    parts.caravanUsageRepo,
    new QueryReservationsRepository(db.kysely, db.dialect),
    parts.rentalsRepo,
    config.queryTimeoutMs + RESERVATION_MARGIN_MS,
  );
  const preparation = new QueryPreparation(
    parts.access,
    parts.entriesRepo,
    parts.entries,
    parts.wells,
    admission,
    prompts,
    parts.files,
    {
      maxAnswerChars: config.maxAnswerChars,
      fetch: limitResponses(
        createGuardedFetch(config.wellAllowedHosts),
        answerByteLimit(config.maxAnswerChars),
      ),
    },
  );
  const titles = new AutoTitles(parts.logbooksRepo, admission, parts.usage, (error) =>
    log?.warn({ err: error }, 'naming a logbook after its first answer failed'),
  );
  // Only PostgreSQL has other processes to stop a call in (DESIGN 9).
  const running = db.dialect === 'postgres' ? new RunningQueriesRepository(db.kysely) : null;
  const stops = new StopSignals(new ProviderCalls(), running, stopChannelOf(db, running, parts.redis), {
    timeoutMs: config.queryTimeoutMs,
    onError: (error) => log?.warn({ err: error }, 'passing a Stop between server processes failed'),
  });
  const queries = new QueryService(parts.access, preparation, recorder, titles, stops, limits);
  return { queries, admission, preparation, recorder, stops };
}
