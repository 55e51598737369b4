import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registerSearchText, searchText } from '../../db/search-text.js';
import { tsQuery } from './search-postgres.repository.js';
import { ftsMatch } from './search-sqlite.repository.js';
import { MAX_TERMS, parseSearch } from './search-terms.js';

const words = (q: string) => parseSearch(q).map((t) => `${t.words.join(' ')}${t.prefix ? '*' : ''}`);

describe('parseSearch', () => {
  it('reads words, phrases and prefixes', () => {
    expect(words('Apple  banana')).toEqual(['apple', 'banana']);
    expect(words('"quick brown" fox')).toEqual(['quick brown', 'fox']);
    expect(words('"quick bro"* deplo* de*')).toEqual(['quick bro*', 'deplo*', 'de']);
    expect(words('"unclosed phrase')).toEqual(['unclosed phrase']);
  });

  it('turns punctuation and operators into plain words', () => {
    expect(words('C++ roll-back node.js')).toEqual(['c', 'roll back', 'node js']);
    expect(words('NEAR( AND OR NOT content:x')).toEqual(['near', 'and', 'or', 'not', 'content x']);
    expect(words('* - "" " *" ( ) ^ {} \\')).toEqual([]);
  });

  it('splits CJK text into characters searched side by side', () => {
    expect(words('東京 私は')).toEqual(['東 京', '私 は']);
    expect(searchText('私は東京に住んでいます')).toBe(' 私  は  東  京  に  住  ん  で  い  ま  す ');
  });

  it('drops repeats and stops at MAX_TERMS', () => {
    expect(words('a A a* "a"')).toEqual(['a']);
    expect(parseSearch(Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_TERMS);
  });
});

describe('queries built from any text', () => {
  const db = new Database(':memory:');
  registerSearchText(db);
  db.exec(`create virtual table t using fts5(body, scope, tokenize = 'unicode61 remove_diacritics 0')`);
  db.prepare(`insert into t (rowid, body, scope) values (1, search_text(?), 'u1 tgen')`).run(
    'Some text, C++ and roll-back; 東京に住んでいます "quoted" NEAR AND',
  );
  const match = db.prepare('select rowid from t where t match ?');

  it('never makes FTS5 fail, and finds an entry by its own words', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60, unit: 'grapheme' }), (q) => {
        const terms = parseSearch(q);
        if (terms.length > 0) match.all(ftsMatch(terms, 1, 'gen'));
      }),
      { numRuns: 500 },
    );
    for (const q of ['c++', '"roll-back"', '東京', 'quoted near and', 'roll*']) {
      expect(match.all(ftsMatch(parseSearch(q), 1)), q).toEqual([{ rowid: 1 }]);
    }
    expect(match.all(ftsMatch(parseSearch('text'), 2))).toEqual([]);
  });

  it('quotes every word it hands PostgreSQL', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (q) => {
        const text = tsQuery(parseSearch(q));
        // Outside quoted words only the query's own operators remain.
        const outside = text.replace(/'(?:[^']|'')*'/gu, '');
        expect(outside).toMatch(/^[\s()&<\->:*]*$/u);
      }),
      { numRuns: 500 },
    );
    expect(tsQuery(parseSearch('"roll bac"* x'))).toBe("('roll' <-> 'bac':*) & ('x')");
  });
});
