import { describe, expect, it } from 'vitest';
import { hasInstructions, MEMORY_OFF_SENDS, MEMORY_ON_SENDS, sentToModel } from './sent-to-model';

const none = { user: false, journal: false };

describe('what the model is sent, in words', () => {
  it('says it as before when no instructions are sent', () => {
    expect(sentToModel(false, none)).toBe('The model is sent: context entries and this question.');
    expect(sentToModel(true, none)).toBe(
      'The model is sent: the conversation so far, without comments, mirages and notices.',
    );
    expect([MEMORY_OFF_SENDS, MEMORY_ON_SENDS]).toEqual([sentToModel(false, none), sentToModel(true, none)]);
  });

  it('names the instructions sent first, only those there are', () => {
    expect(sentToModel(false, { user: true, journal: true })).toBe(
      "The model is sent: your instructions, this journal's instructions, context entries and this question.",
    );
    expect(sentToModel(false, { user: false, journal: true })).toBe(
      "The model is sent: this journal's instructions, context entries and this question.",
    );
    expect(sentToModel(true, { user: true, journal: false })).toBe(
      'The model is sent: your instructions, the conversation so far, without comments, mirages and notices.',
    );
  });

  it('counts blank instructions as none, as the server does', () => {
    expect(hasInstructions('Answer in French.')).toBe(true);
    expect(hasInstructions(' \n ')).toBe(false);
    expect(hasInstructions(undefined)).toBe(false);
  });
});
