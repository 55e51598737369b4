import { describe, expect, it } from 'vitest';
import { AnswerBuffer } from './answer-buffer.js';

describe('AnswerBuffer', () => {
  it('passes pieces through until the cap, then takes nothing more', () => {
    const sut = new AnswerBuffer(10);
    expect(sut.push('abcd')).toBe('abcd');
    expect(sut.full).toBe(false);
    expect(sut.push('efghijkl')).toBe('efghij');
    expect(sut.full).toBe(true);
    expect(sut.push('more')).toBe('');
    expect(sut.finish()).toBe('abcdefghij');
  });

  it('reaches the cap exactly on a piece that fills it', () => {
    const sut = new AnswerBuffer(4);
    expect(sut.push('abcd')).toBe('abcd');
    expect(sut.full).toBe(true);
  });

  it('never keeps half of a surrogate pair at the cap', () => {
    const sut = new AnswerBuffer(3);
    expect(sut.push('ab😀')).toBe('ab');
    expect(sut.finish()).toBe('ab');
  });

  it('cleans what a logbook cannot store and joins pairs split across pieces', () => {
    const sut = new AnswerBuffer(100);
    sut.push('a\u0000b \uD83D');
    sut.push('\uDE00 c\u001b');
    expect(sut.finish()).toBe('a\uFFFDb 😀 c\uFFFD');
  });
});
