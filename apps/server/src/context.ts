import type { Config } from './config.js';
import type { Db } from './db/dialect.js';
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
import { WellsRepository } from './modules/wells/wells.repository.js';

/** Everything a route needs, wired once per app: repositories own SQL, services own the rules. */
export interface AppContext {
  config: Config;
  db: Db;
  users: UsersRepository;
  auth: AuthService;
  journals: JournalsService;
  logbooks: LogbooksService;
  entries: EntriesService;
}

export function createContext(config: Config, db: Db): AppContext {
  const users = new UsersRepository(db.kysely);
  const journalsRepo = new JournalsRepository(db.kysely);
  const logbooksRepo = new LogbooksRepository(db.kysely);
  const entriesRepo = new EntriesRepository(db.kysely);
  const access = new LogbookAccess(logbooksRepo, journalsRepo, new WellsRepository(db.kysely));
  const entries = new EntriesService(db, logbooksRepo, entriesRepo, access);
  return {
    config,
    db,
    users,
    auth: new AuthService(users),
    journals: new JournalsService(db, journalsRepo, logbooksRepo),
    logbooks: new LogbooksService(db, logbooksRepo, entriesRepo, access, entries, new LogCache()),
    entries,
  };
}
