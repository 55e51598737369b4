import type { Config } from './config.js';
import type { Db } from './db/dialect.js';
import { SecretBox } from './lib/secret-box.js';
import { AuthService } from './modules/auth/auth.service.js';
import { UsersRepository } from './modules/auth/users.repository.js';
import { JournalsRepository } from './modules/journals/journals.repository.js';
import { JournalsService } from './modules/journals/journals.service.js';
import { EntriesRepository } from './modules/logbooks/entries.repository.js';
import { EntriesService } from './modules/logbooks/entries.service.js';
import { LogCache } from './modules/logbooks/log-cache.js';
import { LogbookAccess } from './modules/logbooks/logbook-access.js';
import { LogbooksRepository } from './modules/logbooks/logbooks.repository.js';
import { LogbooksService } from './modules/logbooks/logbooks.service.js';
import { MapperProfilesRepository } from './modules/mapper/mapper-profiles.repository.js';
import { MapperProfilesService } from './modules/mapper/mapper-profiles.service.js';
import { QueryService } from './modules/queries/query.service.js';
import { UsageRepository } from './modules/usage/usage.repository.js';
import { UsageService } from './modules/usage/usage.service.js';
import { WellsRepository } from './modules/wells/wells.repository.js';
import { WellsService } from './modules/wells/wells.service.js';
import { createGuardedFetch } from './providers/url-guard.js';

/** Everything a route needs, wired once per app: repositories own SQL, services own the rules. */
export interface AppContext {
  config: Config;
  db: Db;
  users: UsersRepository;
  auth: AuthService;
  journals: JournalsService;
  logbooks: LogbooksService;
  entries: EntriesService;
  wells: WellsService;
  queries: QueryService;
  usage: UsageService;
  mapperProfiles: MapperProfilesService;
}

export function createContext(config: Config, db: Db): AppContext {
  const users = new UsersRepository(db.kysely);
  const journalsRepo = new JournalsRepository(db.kysely);
  const logbooksRepo = new LogbooksRepository(db.kysely);
  const entriesRepo = new EntriesRepository(db.kysely);
  const wellsRepo = new WellsRepository(db.kysely);
  const access = new LogbookAccess(logbooksRepo, journalsRepo, wellsRepo);
  const entries = new EntriesService(db, logbooksRepo, entriesRepo, access);
  const wells = new WellsService(wellsRepo, new SecretBox(config.secretKey), config.wellAllowedHosts);
  const usage = new UsageService(new UsageRepository(db.kysely));
  const queries = new QueryService(access, entriesRepo, entries, wells, usage, {
    timeoutMs: config.queryTimeoutMs,
    fetch: createGuardedFetch(config.wellAllowedHosts),
  });
  return {
    config,
    db,
    users,
    auth: new AuthService(users),
    journals: new JournalsService(journalsRepo, logbooksRepo),
    logbooks: new LogbooksService(db, logbooksRepo, entriesRepo, access, entries, new LogCache()),
    entries,
    wells,
    queries,
    usage,
    mapperProfiles: new MapperProfilesService(new MapperProfilesRepository(db.kysely)),
  };
}
