import { describe, expect, it } from 'vitest';
import { buildMessages, contextText, NO_CONTEXT } from './chat-messages';
import { notice } from './notices';
import { anEntry } from './test-entries';

const log = [
  anEntry('context', 'Be brief.'),
  anEntry('query', 'What is 2+2?', { qid: 'q1' }),
  anEntry('gen', '4', { qid: 'q1' }),
  anEntry('comment', 'PRIVATE NOTE'),
  anEntry('mirage', 'WRONG ANSWER'),
  anEntry('code', 'CODE'),
  anEntry('shell', 'SHELL'),
  anEntry('command', 'COMMAND'),
  anEntry('gen', ''),
  anEntry('context', 'Use metric units.'),
];

describe('contextText', () => {
  it('joins the context entries with blank lines', () => {
    expect(contextText(log)).toBe('Be brief.\n\nUse metric units.');
  });

  it('is empty without context entries', () => {
    expect(contextText([anEntry('query', 'x')])).toBe('');
  });
});

describe('buildMessages with memory off', () => {
  it('sends the context as system, then the prompt', () => {
    expect(buildMessages({ entries: log, prompt: 'Hi', context: 'Be brief.' })).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it.each([undefined, '', '  \n', NO_CONTEXT])('sends only the prompt when the context is %j', (context) => {
    expect(buildMessages({ entries: log, prompt: 'Hi', context, memory: false })).toEqual([
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('ignores the stored conversation', () => {
    const sut = buildMessages({ entries: log, prompt: 'Hi', qid: 'q1' });
    expect(sut).toEqual([{ role: 'user', content: 'Hi' }]);
  });
});

describe('buildMessages with memory on', () => {
  const sut = (extra: { prompt?: string; context?: string; qid?: string } = {}) =>
    buildMessages({ entries: log, prompt: 'And 3+3?', memory: true, ...extra });

  it('replays context, queries and answers in order, then the prompt', () => {
    expect(sut()).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is 2+2?' },
      { role: 'assistant', content: '4' },
      { role: 'system', content: 'Use metric units.' },
      { role: 'user', content: 'And 3+3?' },
    ]);
  });

  it('never sends comments, mirages, code, shell or command entries, nor blank entries', () => {
    const sent = sut().map((m) => m.content);
    for (const hidden of ['PRIVATE NOTE', 'WRONG ANSWER', 'CODE', 'SHELL', 'COMMAND', '']) {
      expect(sent).not.toContain(hidden);
    }
    expect(sent.join('\n')).not.toMatch(/PRIVATE|WRONG/);
  });

  it('does not repeat a prompt already saved as the query with qid', () => {
    const entries = [...log, anEntry('query', 'And 3+3?', { qid: 'q2' })];
    const sent = buildMessages({ entries, prompt: 'And 3+3?', memory: true, qid: 'q2' });
    expect(sent.filter((m) => m.content === 'And 3+3?')).toHaveLength(1);
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'And 3+3?' });
  });

  it('appends the prompt when the qid is not in the log', () => {
    expect(sut({ qid: 'missing' }).at(-1)).toEqual({ role: 'user', content: 'And 3+3?' });
  });

  it('puts a new context first', () => {
    expect(sut({ context: 'Answer in French.' })[0]).toEqual({
      role: 'system',
      content: 'Answer in French.',
    });
  });

  it.each([
    ['equal to one context entry', 'Be brief.'],
    ['the joined context entries', 'Be brief.\n\nUse metric units.'],
    ['empty', ''],
    ['No Context', NO_CONTEXT],
  ])('does not add a context that is %s', (_, context) => {
    expect(sut({ context })).toEqual(sut());
  });
});

describe('buildMessages: notices and asking an earlier query again', () => {
  it('never sends the app notices written to the log as gen entries', () => {
    const entries = [
      anEntry('query', 'Hi', { qid: 'q1' }),
      anEntry('gen', 'Hello.', { qid: 'q1' }),
      notice('Memory Turned On'),
      notice('Chat Memory On'),
    ];
    const sent = buildMessages({ entries, prompt: 'Again?', memory: true });
    expect(sent.map((m) => m.content)).toEqual(['Hi', 'Hello.', 'Again?']);
  });

  it('replays only what came before a saved query: its old answers and later entries stay out', () => {
    const entries = [
      anEntry('context', 'Be brief.'),
      anEntry('query', 'First?', { qid: 'q1' }),
      anEntry('gen', 'One.', { qid: 'q1' }),
      anEntry('query', 'Second?', { qid: 'q2' }),
      anEntry('gen', 'Old answer to two.', { qid: 'q2' }),
      anEntry('context', 'Later context.'),
      anEntry('query', 'Third?', { qid: 'q3' }),
    ];
    const sent = buildMessages({ entries, prompt: 'Second?', memory: true, qid: 'q2' });
    expect(sent).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'First?' },
      { role: 'assistant', content: 'One.' },
      { role: 'user', content: 'Second?' },
    ]);
  });

  describe('in a branched conversation', () => {
    // Q1 answered, then edited into Q1' (a sibling of Q1) and answered; then a follow-up on Q1's line.
    const entries = [
      anEntry('context', 'Be brief.', { eid: 'ctx00000' }),
      anEntry('query', 'Q1?', { eid: 'q1000000', qid: 'q1' }),
      anEntry('gen', 'A1.', { eid: 'a1000000', qid: 'q1' }),
      anEntry('query', "Q1' (edited)?", { eid: 'q1e00000', parent: 'ctx00000', qid: 'q1e' }),
      anEntry('gen', "A1'.", { eid: 'a1e00000', qid: 'q1e' }),
      anEntry('query', 'Follow-up on Q1?', { eid: 'q2000000', parent: 'a1000000', qid: 'q2' }),
    ];

    it("replays a saved query's own branch only", () => {
      expect(buildMessages({ entries, prompt: 'Follow-up on Q1?', memory: true, qid: 'q2' })).toEqual([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Q1?' },
        { role: 'assistant', content: 'A1.' },
        { role: 'user', content: 'Follow-up on Q1?' },
      ]);
      expect(buildMessages({ entries, prompt: "Q1' (edited)?", memory: true, qid: 'q1e' })).toEqual([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: "Q1' (edited)?" },
      ]);
    });

    it('replays the branch that ends the log for a prompt not saved yet', () => {
      const sent = buildMessages({ entries: entries.slice(0, 5), prompt: 'Next?', memory: true });
      expect(sent.map((m) => m.content)).toEqual(['Be brief.', "Q1' (edited)?", "A1'.", 'Next?']);
    });
  });
});
