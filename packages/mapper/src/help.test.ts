import { describe, expect, it } from 'vitest';
import { mapperCommands } from './commands/index.js';
import { formatCommandHelp, formatCommandList, formatHelp } from './help.js';
import { shellBoxCommands } from './shell-box/commands/index.js';

describe('generated help', () => {
  it('lists every Mapper command with its aliases, usage and summary', () => {
    const lines = formatHelp(mapperCommands);
    expect(lines[0]).toBe('Commands:');
    for (const spec of mapperCommands) {
      const title = [spec.name, ...(spec.aliases ?? [])].join('|');
      expect(lines.some((l) => l.trimStart().startsWith(title))).toBe(true);
      expect(lines.some((l) => l.endsWith(spec.summary))).toBe(true);
    }
    expect(lines).toContain('  query|q -r "text" [-l LOGID] [-c "context"] [-f FILE]... [-w WELLID,WELLID]');
    expect(lines.some((l) => l.startsWith('  logbook|log'))).toBe(true);
  });

  it('explains one command: usage, summary, options and examples', () => {
    const tag = mapperCommands.find((c) => c.name === 'tag');
    if (!tag) throw new Error('no tag command');
    const lines = formatCommandHelp(tag);
    expect(lines[0]).toBe('Usage: tag -t TAG [-c "text"] [-i INDEX] [-l LOGID]');
    expect(lines).toContain('Options:');
    expect(lines.some((l) => l.startsWith('  -t TAG'))).toBe(true);
    expect(lines).toContain('Examples:');
  });

  it("gives the shell box's list in the spec's words", () => {
    expect(formatCommandList(shellBoxCommands)).toBe(
      'Commands: help, clear [tag], comment, context, query, run, memory [on/off/status], echo',
    );
  });

  it('declares every command of the spec, each name once', () => {
    const names = mapperCommands.flatMap((c) => [c.name, ...(c.aliases ?? [])]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'help',
        'examples',
        'clear',
        'exit',
        'echo',
        'banner',
        'open',
        'mapper',
        'cat',
        'query',
        'q',
        'review',
        'tag',
        'curl',
        'cp',
        'touch',
        'pilgrim',
        'ls',
        'rm',
        'logbook',
        'log',
        'journal',
        'well',
      ]),
    );
  });
});
