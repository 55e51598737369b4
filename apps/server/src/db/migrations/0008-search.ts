import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';
import { POSTGRES_SEARCH_TEXT } from '../search-text.js';

/**
 * Full-text search over entries. `search_docs` gives each indexed entry a stable integer id (its
 * order of writing, so "newest first" is an index order) and the owner whose searches see it. The
 * index is kept by triggers on `entries`, so every write of an entry (appends, re-tags, log
 * replacements, forks, deletions and the cascades of a logbook or user deletion) updates it in the
 * same transaction. Notices (the shell's 'Memory Turned On' and the like) are not indexed.
 *
 * SQLite: an FTS5 external-content table over a view of the entries' text as `search_text()` (a
 * function every writing connection registers: db/search-text.ts) puts it; its `scope` column holds
 * the owner (`u<id>`) and the tag (`t<tag>`) as words, so a search reads one index.
 * PostgreSQL: the same rows carry a tsvector ('simple' configuration: no stemming, like FTS5's
 * unicode61; the owner as a word of it too) with a GIN index, and an (owner_id, docid) index for
 * the newest matches of common words.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await postgres(db);
  else await sqlite(db);
}

const NOT_NOTICE_SQLITE = `instr(attrs, '"notice":"true"') = 0`;

// biome-ignore lint/suspicious/noExplicitAny: as above
async function sqlite(db: Kysely<any>): Promise<void> {
  const statements = [
    `create table search_docs (
       docid integer primary key,
       logid varchar(32) not null,
       position integer not null,
       owner_id integer not null
     )`,
    'create unique index search_docs_entry_idx on search_docs (logid, position)',
    `create view search_source as
       select d.docid as docid, search_text(e.content) as body, 'u' || d.owner_id || ' t' || e.tag as scope
       from search_docs d join entries e on e.logid = d.logid and e.position = d.position`,
    `create virtual table search_index using fts5(
       body, scope, content = 'search_source', content_rowid = 'docid',
       tokenize = 'unicode61 remove_diacritics 0')`,
    `create trigger search_entries_insert after insert on entries
     when ${NOT_NOTICE_SQLITE.replace('attrs', 'new.attrs')}
     begin
       insert into search_docs (logid, position, owner_id)
         select new.logid, new.position, owner_id from logbooks where logid = new.logid;
       insert into search_index (rowid, body, scope)
         select docid, search_text(new.content), 'u' || owner_id || ' t' || new.tag
         from search_docs where logid = new.logid and position = new.position;
     end`,
    `create trigger search_entries_delete after delete on entries
     begin
       insert into search_index (search_index, rowid, body, scope)
         select 'delete', docid, search_text(old.content), 'u' || owner_id || ' t' || old.tag
         from search_docs where logid = old.logid and position = old.position;
       delete from search_docs where logid = old.logid and position = old.position;
     end`,
    // One trigger for both halves of an update: SQLite runs a table's triggers newest first.
    `create trigger search_entries_update after update of logid, position, tag, attrs, content on entries
     begin
       insert into search_index (search_index, rowid, body, scope)
         select 'delete', docid, search_text(old.content), 'u' || owner_id || ' t' || old.tag
         from search_docs where logid = old.logid and position = old.position;
       delete from search_docs where logid = old.logid and position = old.position;
       insert into search_docs (logid, position, owner_id)
         select new.logid, new.position, owner_id from logbooks
         where logid = new.logid and ${NOT_NOTICE_SQLITE.replace('attrs', 'new.attrs')};
       insert into search_index (rowid, body, scope)
         select docid, search_text(new.content), 'u' || owner_id || ' t' || new.tag
         from search_docs where logid = new.logid and position = new.position;
     end`,
    // Existing entries, oldest logbooks' first, then the index built from the view in one pass.
    `insert into search_docs (logid, position, owner_id)
       select e.logid, e.position, l.owner_id from entries e join logbooks l on l.logid = e.logid
       where ${NOT_NOTICE_SQLITE.replace('attrs', 'e.attrs')}
       order by l.created_at, e.logid, e.position`,
    `insert into search_index (search_index) values ('rebuild')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above
async function postgres(db: Kysely<any>): Promise<void> {
  // The owner is a word of the vector too ('~u<id>': no text yields a '~'), so the GIN index
  // itself keeps to one user's entries.
  const vector = (row: string) =>
    `to_tsvector('simple', search_text(${row}.content)) || array_to_tsvector(array['~u' || l.owner_id])`;
  const notNotice = (row: string) => `strpos(${row}.attrs, '"notice":"true"') = 0`;
  const statements = [
    POSTGRES_SEARCH_TEXT,
    `create table search_docs (
       docid bigint generated always as identity primary key,
       logid varchar(32) not null,
       position integer not null,
       owner_id integer not null,
       tag varchar(16) not null,
       tsv tsvector not null
     )`,
    'create unique index search_docs_entry_idx on search_docs (logid, position)',
    'create index search_docs_owner_idx on search_docs (owner_id, docid)',
    'create index search_docs_tsv_idx on search_docs using gin (tsv)',
    // Statement-level triggers see a whole chunk of written rows at once: one insert per chunk.
    `create function search_entries_added() returns trigger language plpgsql as $fn$
     begin
       insert into search_docs (logid, position, owner_id, tag, tsv)
         select n.logid, n.position, l.owner_id, n.tag, ${vector('n')}
         from added n join logbooks l on l.logid = n.logid
         where ${notNotice('n')}
         order by n.logid, n.position;
       return null;
     end $fn$`,
    `create function search_entries_removed() returns trigger language plpgsql as $fn$
     begin
       delete from search_docs d using removed o where d.logid = o.logid and d.position = o.position;
       return null;
     end $fn$`,
    `create trigger search_entries_insert after insert on entries
       referencing new table as added for each statement execute function search_entries_added()`,
    `create trigger search_entries_delete after delete on entries
       referencing old table as removed for each statement execute function search_entries_removed()`,
    // An update (a re-tag, an entry blanked) is the old row's removal and the new row's addition.
    `create function search_entries_changed() returns trigger language plpgsql as $fn$
     begin
       delete from search_docs d using removed o where d.logid = o.logid and d.position = o.position;
       insert into search_docs (logid, position, owner_id, tag, tsv)
         select n.logid, n.position, l.owner_id, n.tag, ${vector('n')}
         from added n join logbooks l on l.logid = n.logid
         where ${notNotice('n')}
         order by n.logid, n.position;
       return null;
     end $fn$`,
    `create trigger search_entries_update after update on entries
       referencing old table as removed new table as added
       for each statement execute function search_entries_changed()`,
    `insert into search_docs (logid, position, owner_id, tag, tsv)
       select e.logid, e.position, l.owner_id, e.tag, ${vector('e')}
       from entries e join logbooks l on l.logid = e.logid
       where ${notNotice('e')}
       order by l.created_at, e.logid, e.position`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
