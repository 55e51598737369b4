import type { Well, WellCreate } from '@caravanserai/api';
import { createFakeWell, createLogbook, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

const PRIVATE = 'is a private or local address';

const t = useServer({ users: ['alice'], fake: true });
let port: number;
beforeAll(() => {
  port = Number(new URL(t.fake.url).port);
});
beforeEach(() => t.fake.reset());

/**
 * IPv6 ways of writing loopback and other private addresses, each on the fake provider's port:
 * only `127.0.0.1:PORT` is allowed, so each must be judged by the address it really names.
 */
function disguisedUrls(): string[] {
  return [
    `http://[::127.0.0.1]:${port}/v1`,
    `http://[::7f00:1]:${port}/v1`,
    `http://[::ffff:7f00:1]:${port}/v1`,
    `http://[0:0:0:0:0:ffff:a9fe:a9fe]:${port}/latest`,
    `http://[::ffff:0:7f00:1]:${port}/v1`,
    `http://[2002:7f00:1::]:${port}/v1`,
    `http://[2002:a00:1::1]:${port}/v1`,
    `http://[64:ff9b::7f00:1]:${port}/v1`,
    `http://[64:ff9b:1::a00:1]:${port}/v1`,
    `http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]:${port}/v1`,
    `http://[fd12:3456::1]:${port}/v1`,
    `http://[fe80::1]:${port}/v1`,
  ];
}

function createWell(overrides: Partial<WellCreate> = {}): Promise<Well> {
  return createFakeWell(t.alice.client, t.fake, {
    title: 'Disguised',
    AUTH_MODEL_KEY: 'sk-test-0123456789',
    ...overrides,
  });
}

describe('an IPv6 form of a private address in model_url', () => {
  it('is refused with 400 on model_url when a well is created, and nothing is created', async () => {
    const before = await t.alice.client.wells.list();
    for (const model_url of disguisedUrls()) {
      const error = await expectStatus(createWell({ model_url }), 400);
      expect(Object.keys(error), model_url).toEqual(['model_url']);
      expect(error.model_url, model_url).toEqual([expect.stringContaining(PRIVATE)]);
    }
    expect(await t.alice.client.wells.list()).toEqual(before);
  });

  it('is refused when a well is changed, which keeps its old address', async () => {
    const well = await createWell();
    for (const model_url of disguisedUrls()) {
      const error = await expectStatus(t.alice.client.wells.update(well.wellid, { model_url }), 400);
      expect(error.model_url, model_url).toEqual([expect.stringContaining(PRIVATE)]);
    }
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(well);
  });

  it('is refused at connect time when it was stored before the check knew it', async () => {
    const well = await createWell();
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid });
    for (const model_url of disguisedUrls()) {
      await t.server.testDb.db.kysely
        .updateTable('wells')
        .set({ model_url })
        .where('wellid', '=', well.wellid)
        .execute();
      const ask = { logid: logbook.logid, prompt: 'Sneak' };
      const error = await expectStatus(t.alice.client.queries.submit(ask), 502);
      expect(error.detail, model_url).toBe('Error fetching response from AI.');
      // Refused by the guard, not merely unreachable from here.
      expect(error.reason, model_url).toEqual(expect.stringContaining(PRIVATE));
    }
    expect(t.fake.requests).toEqual([]);
  });
});
