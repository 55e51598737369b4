import type { LogbookSummary } from '@caravanserai/api';
import { describe, expect, it } from 'vitest';
import { lastUsed } from './last-used';

type Used = Pick<LogbookSummary, 'jid' | 'logwell' | 'modified'>;

const logbook = (modified: string, jid: string | null, logwell: string | null): Used => ({
  jid,
  logwell,
  modified: `2024-${modified}T00:00:00Z`,
});

describe('lastUsed', () => {
  it('takes the journal and well of the most recently modified logbook', () => {
    const sut = lastUsed(
      [logbook('01-01', 'j1', 'w1'), logbook('03-01', 'j2', 'w2')],
      ['j1', 'j2'],
      ['w1', 'w2'],
    );
    expect(sut).toEqual({ journal: 'j2', logwell: 'w2' });
  });

  it('looks past recent logbooks without a journal or well', () => {
    const sut = lastUsed(
      [logbook('03-01', null, null), logbook('01-01', 'j1', 'w1')],
      ['j1', 'j9'],
      ['w1', 'w9'],
    );
    expect(sut).toEqual({ journal: 'j1', logwell: 'w1' });
  });

  it('skips a remembered journal or well the user can no longer use', () => {
    const sut = lastUsed([logbook('03-01', 'gone', 'lost'), logbook('01-01', 'j1', 'w1')], ['j1'], ['w1']);
    expect(sut).toEqual({ journal: 'j1', logwell: 'w1' });
  });

  it('falls back to the newest listed journal and well when no logbook names one', () => {
    expect(lastUsed([], ['j3', 'j1'], ['w3', 'w1'])).toEqual({ journal: 'j3', logwell: 'w3' });
  });

  it('gives none to a user with no journals or wells', () => {
    expect(lastUsed([logbook('01-01', null, null)], [], [])).toEqual({ journal: null, logwell: null });
  });

  it('trusts the logbooks when the lists could not be read', () => {
    expect(lastUsed([logbook('01-01', 'j1', 'w1')], null, null)).toEqual({ journal: 'j1', logwell: 'w1' });
  });
});
