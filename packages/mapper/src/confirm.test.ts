import type { ApiClient } from '@caravanserai/api';
import { describe, expect, it } from 'vitest';
import { type CommandEnv, createState } from './command-env.js';
import { confirm, countEntries } from './confirm.js';
import type { ConfirmRequest, HostActions } from './io.js';

const request: ConfirmRequest = {
  title: 'Clear the log',
  question: 'Remove all 3 entries?',
  action: 'Remove',
};

function context(keys: string[], host: HostActions = {}, signal?: AbortSignal) {
  const out: string[] = [];
  const env: CommandEnv = {
    // confirm never reaches the API.
    api: {} as unknown as ApiClient,
    io: {
      write: (text) => out.push(text),
      clear: () => {},
      readKey: () => Promise.resolve(keys.shift() ?? 'Enter'),
    },
    host,
    user: null,
    state: createState(),
    ...(signal ? { signal } : {}),
  };
  return { env, text: () => out.join('') };
}

describe('confirm', () => {
  it('reads y or n from the keys when the host has no dialog, ignoring other keys', async () => {
    const yes = context(['x', 'Y']);
    expect(await confirm(yes.env, request)).toBe(true);
    expect(yes.text()).toBe('Remove all 3 entries? (y/n) y\n');
    const enter = context(['\r']);
    expect(await confirm(enter.env, request)).toBe(false);
    expect(enter.text()).toBe('Remove all 3 entries? (y/n) n\n');
  });

  it("asks the host's dialog instead when there is one, and prints nothing itself", async () => {
    const asked: ConfirmRequest[] = [];
    const { env, text } = context([], {
      confirm: async (r) => {
        asked.push(r);
        return true;
      },
    });
    expect(await confirm(env, request)).toBe(true);
    expect(asked).toEqual([request]);
    expect(text()).toBe('');
  });

  it('goes ahead for nobody once the command was cancelled, or when the dialog fails', async () => {
    const controller = new AbortController();
    const host: HostActions = {
      confirm: async () => {
        controller.abort();
        return true;
      },
    };
    expect(await confirm(context([], host, controller.signal).env, request)).toBe(false);
    const broken: HostActions = { confirm: () => Promise.reject(new Error('closed')) };
    expect(await confirm(context([], broken).env, request)).toBe(false);
  });

  it('counts entries in words', () => {
    expect(countEntries(1)).toBe('1 entry');
    expect(countEntries(5)).toBe('5 entries');
    expect(countEntries(2, 'comment')).toBe('2 <comment> entries');
  });
});
