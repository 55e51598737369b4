import { createFakeWell, createLogbook, entry, storedEntries } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { mapperFor } from './support/fake-mapper.js';
import { useHarness } from './support/harness.js';

const h = useHarness(['alice', 'bob']);

describe('pilgrim through a caravan’s well', () => {
  it('stops at the member’s query quota before the provider is asked, and says which', async () => {
    const caravan = await h.alice.client.caravans.create({ name: 'Pilgrims' });
    const invite = await h.alice.client.caravans.invite(caravan.caravan_id, { username: h.bob.username });
    await h.bob.client.caravans.accept(invite.invite_id);
    const well = await createFakeWell(h.alice.client, h.fake);
    await h.alice.client.caravans.shareWell(caravan.caravan_id, { wellid: well.wellid });
    await h.alice.client.caravans.setPolicy(caravan.caravan_id, { member_monthly_queries: 1 });
    const logbook = await createLogbook(h.bob.client, {
      logwell: well.wellid,
      entries: [
        entry('query', 'First?', { qid: 'first001' }),
        entry('query', 'Second?', { qid: 'second01' }),
      ],
    });
    h.fake.reset();

    const out = await mapperFor(h.bob).run(`pilgrim -l ${logbook.logid}`);
    expect(out.trimEnd().split('\n')).toEqual([
      'Query: First?',
      'Context: No Context',
      'Response: Echo: First?',
      'Query: Second?',
      'Context: No Context',
      'Pilgrim encountered an error.',
      'Monthly query quota of 1 reached in caravan "Pilgrims".',
    ]);
    expect(h.fake.requests).toHaveLength(1);
    const gens = (await storedEntries(h.bob.client, logbook.logid)).filter((e) => e.tag === 'gen');
    expect(gens.map((e) => e.attrs.qid)).toEqual(['first001']);
  });
});
