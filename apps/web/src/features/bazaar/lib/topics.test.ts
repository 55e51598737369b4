import { describe, expect, it } from 'vitest';
import { parseTopics } from './topics';

describe('parseTopics', () => {
  it('splits on commas and spaces, lowercases and keeps each topic once', () => {
    expect(parseTopics('Trade, maps  silk-road,trade\n#Camels')).toEqual([
      'trade',
      'maps',
      'silk-road',
      'camels',
    ]);
  });

  it('gives no topics for an empty field', () => {
    expect(parseTopics(' , ')).toEqual([]);
  });
});
