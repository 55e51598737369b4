import { routes } from '@caravanserai/api';
import { useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'] });

describe('a public logbook read by someone other than its owner', () => {
  it("names neither the owner's journal nor well, and the owner still sees both", async () => {
    const journal = await t.alice.client.journals.create({ title: 'Secret project journal' });
    const well = await t.alice.client.wells.create({
      title: 'Company billing well',
      AUTH_MODEL_KEY: 'sk-test-0123456789',
      origin_loc: 'openai/gpt-4o-mini',
    });
    const logbook = await t.alice.client.logbooks.create({
      title: 'Shared notes',
      private: false,
      journal: journal.jid,
      logwell: well.wellid,
    });

    for (const reader of [t.bob.client, t.server.client()]) {
      const res = await reader.send(routes.logbooks.get, { params: { logid: logbook.logid } });
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({
        logid: logbook.logid,
        owner: { username: t.alice.username },
        jid: null,
        journal: null,
        logwell: null,
        well: null,
      });
      for (const secret of [journal.jid, well.wellid, 'Company billing well', 'Secret project journal']) {
        expect(text).not.toContain(secret);
      }
    }

    const own = await t.alice.client.logbooks.get(logbook.logid);
    expect(own).toMatchObject({
      jid: journal.jid,
      logwell: well.wellid,
      well: { wellid: well.wellid, title: 'Company billing well' },
    });
  });
});
