import { describe, expect, it } from 'vitest';
import { splitWords, tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('splits on any run of whitespace', () => {
    expect(splitWords('  ls   -a\t--last  ')).toEqual(['ls', '-a', '--last']);
  });

  it('returns no words for a blank line', () => {
    expect(splitWords('   ')).toEqual([]);
  });

  it('groups double- and single-quoted words, spaces kept', () => {
    expect(splitWords(`q -r "what is  salt?" -c 'be brief'`)).toEqual([
      'q',
      '-r',
      'what is  salt?',
      '-c',
      'be brief',
    ]);
  });

  it('joins quoted and unquoted parts of one word', () => {
    expect(splitWords(`a"b c"'d e'f`)).toEqual(['ab cd ef']);
  });

  it('keeps an empty quoted word', () => {
    expect(splitWords(`echo "" ''`)).toEqual(['echo', '', '']);
  });

  it('takes the character after a backslash literally outside quotes', () => {
    expect(splitWords('echo a\\ b \\"c\\" \\\'d')).toEqual(['echo', 'a b', '"c"', "'d"]);
  });

  it('escapes only " and \\ inside double quotes', () => {
    expect(splitWords('echo "say \\"hi\\" C:\\path \\\\"')).toEqual(['echo', 'say "hi" C:\\path \\']);
  });

  it('keeps backslashes inside single quotes', () => {
    expect(splitWords("echo 'a\\nb'")).toEqual(['echo', 'a\\nb']);
  });

  it('keeps a trailing backslash', () => {
    expect(splitWords('echo a\\')).toEqual(['echo', 'a\\']);
  });

  it('keeps quotes of the other kind inside quotes', () => {
    expect(splitWords(`echo "it's" 'say "x"'`)).toEqual(['echo', "it's", 'say "x"']);
  });

  it('marks quoted and escaped words, so "-l" is not an option', () => {
    const result = tokenize(`x "-l" \\-a -b`);
    expect(result).toEqual({
      ok: true,
      tokens: [
        { text: 'x', quoted: false },
        { text: '-l', quoted: true },
        { text: '-a', quoted: true },
        { text: '-b', quoted: false },
      ],
    });
  });

  it('refuses an unterminated quote with a message to print', () => {
    expect(tokenize('q -r "open')).toEqual({ ok: false, error: 'Error: Unterminated quote (").' });
    expect(tokenize("echo it's")).toEqual({ ok: false, error: "Error: Unterminated quote (')." });
    expect(splitWords('echo "')).toBeNull();
  });
});
