import { pathOf, routes } from '@caravanserai/api';
import { createLogbook, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoPartOf, wellHelpers } from './wells-helpers.js';

const KEY = 'sk-live-AbCdEfGhIjKlMnOpQrSt1234';
const logLines: string[] = [];
const t = useServer({
  users: ['alice'],
  fake: true,
  logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } },
});
const { createFakeWell } = wellHelpers(t);

beforeEach(() => t.fake.reset());

/** Provider error messages that echo the key in part, as real ones do. */
const ECHOES = {
  'the key less two characters at each end': KEY.slice(2, -2),
  'the first half': KEY.slice(0, KEY.length / 2),
  'the last ten characters': KEY.slice(-10),
  'the key with its middle starred out': `${KEY.slice(0, 12)}****${KEY.slice(-12)}`,
};

describe('a provider error that echoes part of the key', () => {
  for (const [name, echo] of Object.entries(ECHOES)) {
    it(`submit and stream show none of it: ${name}`, async () => {
      const well = await createFakeWell(t.alice.client, KEY);
      const logbook = await createLogbook(t.alice.client, { logwell: well.wellid });
      const message = `Incorrect API key provided: ${echo}. You can find your API key at the dashboard.`;

      t.fake.enqueue({ kind: 'error', status: 401, message });
      const submitted = await expectStatus(
        t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Hi', context: '' }),
        502,
      );
      expect(submitted.reason).toContain('Incorrect API key provided: [key]');
      expectNoPartOf(KEY, JSON.stringify(submitted));

      t.fake.enqueue({ kind: 'error', status: 401, message });
      const res = await t.server.http(pathOf(routes.queries.stream), {
        method: 'POST',
        token: t.alice.token,
        body: JSON.stringify({ logid: logbook.logid, prompt: 'Hi', context: '' }),
      });
      const events = await res.text();
      expect(events).toContain('event: error');
      expect(events).toContain('[key]');
      expectNoPartOf(KEY, events);
      expectNoPartOf(KEY, logLines.join(''));
    });
  }
});

describe('the masked key', () => {
  it('shows at most its last four characters, and sending it back keeps the key', async () => {
    const well = await createFakeWell(t.alice.client, KEY);
    expect(well.AUTH_MODEL_KEY).toBe('…1234');
    const updated = await t.alice.client.wells.update(well.wellid, {
      AUTH_MODEL_KEY: '…1234',
      title: 'Kept',
    });
    expect(updated.AUTH_MODEL_KEY).toBe('…1234');
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Who?', context: '' });
    expect(t.fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('shows a hint stored in the older form (sk-…1234) the same way', async () => {
    const well = await createFakeWell(t.alice.client, KEY);
    await t.server.testDb.db.kysely
      .updateTable('wells')
      .set({ key_hint: 'sk-…1234' })
      .where('wellid', '=', well.wellid)
      .execute();
    expect((await t.alice.client.wells.get(well.wellid)).wells.AUTH_MODEL_KEY).toBe('…1234');
    const list = await t.alice.client.wells.list();
    expect(JSON.stringify(list)).not.toContain('sk-…');
  });
});
