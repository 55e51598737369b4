import { describe, expect, it } from 'vitest';
import { notice } from '../notices';
import { anEntry } from '../test-entries';
import { toMarkdown } from './markdown';
import { containMarkdown, fencedBlock, inlineText } from './markdown-safe';

describe('toMarkdown', () => {
  it('renders a titled transcript', () => {
    const sut = toMarkdown(
      [
        anEntry('context', 'Be brief.'),
        anEntry('query', 'Is <b> safe?', { qid: 'q1' }),
        anEntry('gen', 'Yes.', { qid: 'q1' }),
        anEntry('comment', 'check later'),
        anEntry('mirage', 'The moon is cheese.'),
      ],
      { title: 'Review', description: 'A short one.', owner: 'alice' },
    );
    expect(sut).toBe(
      `${[
        '# Review',
        'A short one.',
        '*Owner: alice*',
        '---',
        '> **Context**\n>\n> Be brief.',
        '**You**\n\nIs \\<b> safe?',
        '**AI**\n\nYes.',
        '*Note:*\n\ncheck later',
        '**AI** · **⚠ Mirage**\n\nThe moon is cheese.',
      ].join('\n\n')}\n`,
    );
  });

  it('puts code, shell and command entries in fences, with the language when given', () => {
    const sut = toMarkdown([
      anEntry('code', 'print(1)\n', { lang: 'python' }),
      anEntry('shell', 'ls -la'),
      anEntry('command', 'help'),
    ]);
    expect(sut).toBe(
      '```python\nprint(1)\n```\n\n**Shell**\n\n```\nls -la\n```\n\n**Command**\n\n```\nhelp\n```\n',
    );
  });

  it('ignores a language that could inject Markdown', () => {
    expect(toMarkdown([anEntry('code', 'x', { lang: 'js\n# hi' })])).toBe('```\nx\n```\n');
  });

  it('leaves out deleted entries and renders nothing for nothing', () => {
    expect(toMarkdown([anEntry('gen', ''), anEntry('query', '  \n')])).toBe('');
    expect(toMarkdown([anEntry('gen', ''), anEntry('gen', 'x')], { title: 'T' })).toBe(
      '# T\n\n---\n\n**AI**\n\nx\n',
    );
  });

  it("writes a branched conversation's current line only", () => {
    const entries = [
      anEntry('query', 'Q?', { eid: 'q1000000', qid: 'q' }),
      anEntry('gen', 'Old answer.', { eid: 'a1000000', qid: 'q' }),
      anEntry('gen', 'New answer.', { eid: 'a2000000', parent: 'q1000000', qid: 'q' }),
    ];
    expect(toMarkdown(entries)).toBe('**You**\n\nQ?\n\n**AI**\n\nNew answer.\n');
    // The branch the logbook's head chose.
    expect(toMarkdown(entries, { head: 'a1000000' })).toBe('**You**\n\nQ?\n\n**AI**\n\nOld answer.\n');
  });

  it('keeps an unclosed fence in an answer from swallowing the next entry', () => {
    const sut = toMarkdown([anEntry('gen', 'Here:\n````js\nlet a;'), anEntry('query', 'Thanks')]);
    expect(sut).toBe('**AI**\n\nHere:\n````js\nlet a;\n````\n\n**You**\n\nThanks\n');
  });

  it('escapes the title and owner so they stay one line of plain text', () => {
    expect(toMarkdown([], { title: 'A *bold*\n# plan', owner: 'b_o_b' })).toBe(
      '# A \\*bold\\* \\# plan\n\n*Owner: b\\_o\\_b*\n',
    );
  });
});

describe('fencedBlock', () => {
  it('uses a fence longer than any backtick run inside', () => {
    expect(fencedBlock('a ``` b ```` c')).toBe('`````\na ``` b ```` c\n`````');
    expect(fencedBlock('`x`')).toBe('```\n`x`\n```');
  });
});

describe('containMarkdown', () => {
  it('closes a fence left open, with the same character and length', () => {
    expect(containMarkdown('~~~~\ncode')).toBe('~~~~\ncode\n~~~~');
  });

  it('leaves balanced fences alone, including shorter fences inside longer ones', () => {
    const text = '````\n```\ninner\n```\n````\nafter';
    expect(containMarkdown(text)).toBe(text);
  });

  it('does not take a backtick line with backticks in its info string for a fence', () => {
    expect(containMarkdown('``` a`b\ntext')).toBe('``` a`b\ntext');
  });

  it('neutralises raw HTML outside code, at the start of a line or inside it', () => {
    expect(containMarkdown('<!-- never closed\n  <script>x</script>')).toBe(
      '\\<!-- never closed\n  \\<script>x\\</script>',
    );
    expect(containMarkdown('See <img src=x onerror=alert(1)> here, and 3 < 4.')).toBe(
      'See \\<img src=x onerror=alert(1)> here, and 3 < 4.',
    );
    expect(containMarkdown('```\n<div>\n```')).toBe('```\n<div>\n```');
  });

  it('normalises line endings', () => {
    expect(containMarkdown('a\r\nb\rc')).toBe('a\nb\nc');
  });
});

describe('inlineText', () => {
  it('collapses whitespace and escapes Markdown punctuation', () => {
    expect(inlineText('  a\n\t[b](c) `d` <e> & f|g~h\\ ')).toBe(
      'a \\[b\\](c) \\`d\\` \\<e\\> \\& f\\|g\\~h\\\\',
    );
  });
});

describe('toMarkdown and the app notices', () => {
  it('writes a notice as a notice, never as the AI speaking', () => {
    const sut = toMarkdown([anEntry('query', 'Hi', { qid: 'q1' }), notice('Memory Turned On')]);
    expect(sut).toBe('**You**\n\nHi\n\n*Notice: Memory Turned On*\n');
    expect(sut).not.toContain('**AI**');
  });
});

describe('toMarkdown and files', () => {
  const files = [
    {
      file_id: 'img1',
      name: 'Harbour [map].png',
      media_type: 'image/png',
      size: 10,
      url: 'https://x.test/api/files/img1/',
    },
    {
      file_id: 'doc1',
      name: 'tides (2024).pdf',
      media_type: 'application/pdf',
      size: 20,
      url: 'https://x.test/a b/(doc1)/',
    },
  ];

  it('links the files a question names: images shown, others to download', () => {
    const sut = toMarkdown([anEntry('query', 'See these', { qid: 'q1', files: 'img1 doc1 gone1' })], {
      files,
    });
    expect(sut).toBe(
      '**You**\n\nSee these\n\n![Harbour \\[map\\].png](https://x.test/api/files/img1/)\n\n[tides (2024).pdf](https://x.test/a%20b/%28doc1%29/)\n',
    );
  });

  it('leaves names alone when no file list is given', () => {
    expect(toMarkdown([anEntry('query', 'Hi', { qid: 'q1', files: 'img1' })])).toBe('**You**\n\nHi\n');
  });
});
