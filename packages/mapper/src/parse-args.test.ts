import { describe, expect, it } from 'vitest';
import { parseArgs } from './parse-args.js';
import type { CommandSpec } from './registry.js';

const spec: Pick<CommandSpec, 'name' | 'aliases' | 'usage' | 'options' | 'positionals' | 'minArgs' | 'raw'> =
  {
    name: 'query',
    aliases: ['q'],
    usage: '-r "text" [-l LOGID] [-a]',
    positionals: 1,
    options: [
      { name: 'text', short: 'r', value: '"text"', text: true, summary: 'the query' },
      { name: 'logid', short: 'l', value: 'LOGID', missingValue: 'Need a logid.', summary: 'the logbook' },
      { name: 'all', short: 'a', long: 'all', summary: 'everything' },
      { name: 'index', short: 'i', value: 'N', summary: 'an index' },
    ],
  };

function parsed(text: string, over: Partial<typeof spec> = {}) {
  const outcome = parseArgs({ ...spec, ...over }, text);
  if (!outcome.ok) throw new Error(outcome.lines.join('\n'));
  return outcome.args;
}

function refused(text: string, over: Partial<typeof spec> = {}) {
  const outcome = parseArgs({ ...spec, ...over }, text);
  if (outcome.ok) throw new Error('expected a refusal');
  return outcome.lines;
}

describe('parseArgs', () => {
  it('reads value options, flags (short and long) and positionals', () => {
    const args = parsed('-l abc -a last');
    expect(args.get('logid')).toBe('abc');
    expect(args.has('all')).toBe(true);
    expect(args.get('all')).toBeUndefined();
    expect(args.positionals).toEqual(['last']);
    expect(parsed('--all').has('all')).toBe(true);
    expect(parsed('').has('logid')).toBe(false);
  });

  it('keeps the typed text and all the words', () => {
    const args = parsed('  -l "a b"  -a ');
    expect(args.text).toBe('-l "a b"  -a');
    expect(args.words).toEqual(['-l', 'a b', '-a']);
  });

  it('lets a text option run over unquoted words up to the next option', () => {
    const args = parsed('-r what is salt -l abc');
    expect(args.get('text')).toBe('what is salt');
    expect(args.get('logid')).toBe('abc');
    expect(parsed('-r "one  two" three').get('text')).toBe('one  two three');
  });

  describe('a repeatable option', () => {
    const withFiles = {
      positionals: 0,
      options: [
        ...(spec.options ?? []),
        { name: 'file', short: 'f', long: 'file', value: 'FILE', repeatable: true, summary: 'a file' },
      ],
    };

    it('collects every value, short and long, in the order given', () => {
      const args = parsed('-f a.txt -r read these -f "my notes.md" --file c.pdf', withFiles);
      expect(args.all('file')).toEqual(['a.txt', 'my notes.md', 'c.pdf']);
      expect(args.get('file')).toBe('c.pdf');
      expect(args.get('text')).toBe('read these');
      expect(parsed('-r hi', withFiles).all('file')).toEqual([]);
      // An option that is not repeatable keeps its last value and lists none.
      expect(parsed('-l one -l two', withFiles).get('logid')).toBe('two');
      expect(parsed('-l one -l two', withFiles).all('logid')).toEqual([]);
    });

    it('refuses one given without its value, and a path that runs into a second word', () => {
      expect(refused('-f a.txt -f', withFiles)[0]).toBe('Error: Option -f needs a value (FILE).');
      expect(refused('-f a.txt --file -a', withFiles)[0]).toBe('Error: Option -f needs a value (FILE).');
      expect(refused('-f my notes.md', withFiles)[0]).toBe("Error: Unexpected argument 'notes.md'.");
    });
  });

  it('reads a word that is no declared option as a value: -r -x, -i -1', () => {
    expect(parsed('-r -x marks').get('text')).toBe('-x marks');
    expect(parsed('-i -1').get('index')).toBe('-1');
  });

  it('treats quoted dashes and words after -- as plain words', () => {
    expect(parsed('"-a"').positionals).toEqual(['-a']);
    expect(parsed('-- -a', { positionals: 'any' }).positionals).toEqual(['-a']);
  });

  it('refuses an unknown option with the usage', () => {
    expect(refused('-x')).toEqual([
      "Error: Unknown option '-x'.",
      'Usage: query|q -r "text" [-l LOGID] [-a]',
    ]);
    expect(refused('--nope')[0]).toBe("Error: Unknown option '--nope'.");
  });

  it('prints a declared message, alone, for a missing value', () => {
    expect(refused('-l')).toEqual(['Need a logid.']);
    expect(refused('-l -a')).toEqual(['Need a logid.']);
  });

  it('prints a generic message and the usage when no message is declared', () => {
    expect(refused('-i')).toEqual([
      'Error: Option -i needs a value (N).',
      'Usage: query|q -r "text" [-l LOGID] [-a]',
    ]);
  });

  it('enforces required options, with a declared message or a generic one', () => {
    const options = spec.options ?? [];
    const withMessage = options.map((o) => (o.name === 'text' ? { ...o, required: 'Say something.' } : o));
    expect(refused('-a', { options: withMessage })).toEqual(['Say something.']);
    const generic = options.map((o) => (o.name === 'logid' ? { ...o, required: true as const } : o));
    expect(refused('-a', { options: generic })[0]).toBe('Error: Missing option -l LOGID.');
  });

  it('refuses more positionals than declared', () => {
    expect(refused('one two')[0]).toBe("Error: Unexpected argument 'two'.");
    expect(refused('one', { positionals: 0 })[0]).toBe("Error: Unexpected argument 'one'.");
    expect(parsed('one two three', { positionals: 'any' }).positionals).toEqual(['one', 'two', 'three']);
  });

  it('prints the usage lines when there are fewer words than minArgs', () => {
    const lines = refused('-r', { minArgs: 2 });
    expect(lines[0]).toBe('Usage: query|q -r "text" [-l LOGID] [-a]');
    expect(lines).toContain('  -r "text"  the query');
  });

  it('passes raw text untouched, apostrophes and all', () => {
    const args = parsed("  it's -l fine ", { raw: true });
    expect(args.text).toBe("it's -l fine");
    expect(args.positionals).toEqual(["it's", '-l', 'fine']);
    expect(args.has('logid')).toBe(false);
    expect(parsed('', { raw: true }).words).toEqual([]);
  });

  it('reports an unterminated quote', () => {
    expect(refused('-r "open')).toEqual(['Error: Unterminated quote (").']);
  });
});
