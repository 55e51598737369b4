import type { Entry } from '@caravanserai/logbook';
import { describe, expect, it } from 'vitest';
import {
  cleanTitle,
  entriesProblem,
  importedDescription,
  importedTitle,
  MAX_CONVERSATION_CHARS,
  sourceIdProblem,
  writeRuns,
} from './conversation-check.js';
import { newTurns } from './new-turns.js';

const e = (content: string, source_msg?: string): Entry => ({
  tag: 'query',
  attrs: source_msg ? { source_msg } : {},
  content,
});

describe('newTurns', () => {
  it('takes what follows the last message already stored', () => {
    const source = [e('a', 'm1'), e('b', 'm2'), e('c', 'm3')];
    expect(newTurns(source, { count: 2, messages: new Set(['m1', 'm2']) })).toEqual([e('c', 'm3')]);
    expect(newTurns(source, { count: 3, messages: new Set(['m1', 'm2', 'm3']) })).toEqual([]);
  });

  it('does not count entries the user added after the import', () => {
    const source = [e('a', 'm1'), e('b', 'm2')];
    expect(newTurns(source, { count: 7, messages: new Set(['m1']) })).toEqual([e('b', 'm2')]);
  });

  it('falls back to the number of entries when the source has no message ids', () => {
    expect(newTurns([e('a'), e('b'), e('c')], { count: 2, messages: new Set() })).toEqual([e('c')]);
    expect(newTurns([e('a')], { count: 2, messages: new Set() })).toEqual([]);
  });
});

describe('conversation checks', () => {
  it('refuses entries PostgreSQL or XML cannot hold, naming the entry', () => {
    expect(entriesProblem([e('fine'), e('nul\u0000')])).toMatch(/^Entry 1: /);
    expect(entriesProblem([{ tag: 'bogus' as Entry['tag'], attrs: {}, content: '' }])).toMatch(/Unknown tag/);
    expect(entriesProblem([e('fine'), e('x'.repeat(6 * 1024 * 1024))])).toBe(
      'Entry 1: It holds more than 5 MB of text, more than one log write may carry.',
    );
    expect(entriesProblem([e('fine\ttext\n')])).toBeNull();
  });

  it('bounds each entry by one log write, and a whole conversation far higher', () => {
    const four = 'x'.repeat(4 * 1024 * 1024);
    expect(entriesProblem([e(four), e(four), e(four)])).toBeNull();
    const many = Array.from({ length: MAX_CONVERSATION_CHARS / four.length + 1 }, () => e(four));
    expect(entriesProblem(many)).toBe(
      'It holds more than 64 MB of text, more than one imported conversation may hold.',
    );
  });

  it('cuts entries into runs of at most one write each, keeping their order', () => {
    // Attributes count as text too: `d` with its message id is three characters.
    const entries = [e('aaa'), e('bb'), e('c'), e('d', 'm1'), e('e')];
    expect(writeRuns(entries, 4)).toEqual([[e('aaa')], [e('bb'), e('c')], [e('d', 'm1'), e('e')]]);
    expect(writeRuns([], 4)).toEqual([[]]);
    expect(writeRuns([e('too long')], 4)).toEqual([[e('too long')]]);
  });

  it('keeps our own formats’ titles and descriptions exactly when the API would accept them', () => {
    expect(importedTitle('a  b', 'x', true)).toBe('a  b');
    expect(importedTitle('a  b', 'x', false)).toBe('a b');
    expect(importedTitle('line\nbreak', 'x', true)).toBe('line break');
    expect(importedTitle('y'.repeat(201), 'x', true)).toBe('y'.repeat(200));
    expect(importedTitle('   ', 'x', true)).toBe('x');
    expect(importedDescription('two\n\nlines  here ', true)).toBe('two\n\nlines  here ');
    expect(importedDescription('nul\u0000', true)).toBe('nul');
    expect(importedDescription(undefined, true)).toBe('');
  });

  it('makes any title one clean line of at most 200 characters', () => {
    expect(cleanTitle('a\u0000b\n\tc', 'x')).toBe('a b c');
    expect(cleanTitle('   ', 'Fallback')).toBe('Fallback');
    expect(cleanTitle(null, 'Fallback')).toBe('Fallback');
    const long = cleanTitle(`${'x'.repeat(199)}🐪`, 'x');
    expect(long).toBe('x'.repeat(199));
  });

  it('keeps source ids that fit their column', () => {
    expect(sourceIdProblem('chatgpt:abc')).toBeNull();
    expect(sourceIdProblem('')).not.toBeNull();
    expect(sourceIdProblem(`chatgpt:${'x'.repeat(400)}`)).not.toBeNull();
    expect(sourceIdProblem('chatgpt:a\u0000')).not.toBeNull();
  });
});
