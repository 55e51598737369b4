import type { ApiClient, LogbookCreate, WellCreate } from '@caravanserai/api';
import { parseLog } from '@caravanserai/logbook';
import { describe, expect, it } from 'vitest';
import { createFakeWell, createLogbook, entry, eventually, TEST_API_KEY } from './factories.js';

/** A client whose creates answer with the body they were sent. */
const echo = {
  wells: { create: async (body: WellCreate) => body },
  logbooks: { create: async (body: LogbookCreate) => body },
} as unknown as ApiClient;
const fake = { url: 'http://127.0.0.1:4010' };

describe('createFakeWell', () => {
  it('makes an OpenAI-compatible well on the fake with the test key unless told otherwise', async () => {
    const sut = await createFakeWell(echo, fake);
    expect(sut).toMatchObject({
      AUTH_MODEL_KEY: TEST_API_KEY,
      origin_loc: 'openai-compatible/llama3.2',
      model_url: 'http://127.0.0.1:4010/v1',
    });
    expect(sut.title).toMatch(/^Well \d+$/);
  });

  it("points Google's wells at the fake's Google path, and lets every field be given", async () => {
    expect((await createFakeWell(echo, fake, { origin_loc: 'google/gemini-2.5-flash' })).model_url).toBe(
      'http://127.0.0.1:4010/v1beta',
    );
    const given = { title: 'T', AUTH_MODEL_KEY: 'k', origin_loc: 'openai/gpt-4o', model_url: 'http://x/v9' };
    expect(await createFakeWell(echo, fake, given)).toEqual(given);
  });
});

describe('createLogbook', () => {
  it('sends the entries as a log and gives each logbook its own title', async () => {
    const entries = [entry('query', 'Where?', { qid: 'q1' })];
    const first = await createLogbook(echo, { entries, private: false });
    const second = await createLogbook(echo);
    expect(parseLog(first.log)).toEqual(entries);
    expect(first.private).toBe(false);
    expect(second.log).toBeUndefined();
    expect(first.title).not.toBe(second.title);
  });
});

describe('eventually', () => {
  it('answers the first value the check gives', async () => {
    let calls = 0;
    expect(await eventually(async () => (++calls === 3 ? 'ready' : undefined))).toBe('ready');
    expect(calls).toBe(3);
  });

  it('fails once the time is up', async () => {
    await expect(eventually(async () => undefined, 50)).rejects.toThrow('condition not met within 50 ms');
  });
});
