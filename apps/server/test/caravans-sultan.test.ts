import { expectStatus } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { addCard, roleOf, subscribe, usePayments } from './payments-helper.js';

const t = usePayments({ users: ['sultan', 'merchant', 'pilgrim'] });

describe('with payments on, creating a caravan', () => {
  it('needs the Sultan tier (403 for Pilgrims and Merchants); a Sultan may', async () => {
    const refusal = { detail: 'Creating a Caravan needs the Sultan tier.', code: 'permission_denied' };
    expect(await expectStatus(t.pilgrim.client.caravans.create({ name: 'Nope' }), 403)).toEqual(refusal);

    await addCard(t.merchant);
    await subscribe(t.merchant.client, 'merchant');
    expect(await roleOf(t.merchant)).toBe('Merchant');
    expect(await expectStatus(t.merchant.client.caravans.create({ name: 'Nope' }), 403)).toEqual(refusal);
    expect(await t.merchant.client.caravans.list()).toEqual([]);

    await addCard(t.sultan);
    await subscribe(t.sultan.client, 'sultan');
    expect(await roleOf(t.sultan)).toBe('Sultan');
    const caravan = await t.sultan.client.caravans.create({ name: 'Sultanate' });
    expect(caravan).toMatchObject({ name: 'Sultanate', role: 'leader' });

    // Joining one needs no tier.
    const invite = await t.sultan.client.caravans.invite(caravan.caravan_id, {
      username: t.pilgrim.username,
    });
    expect((await t.pilgrim.client.caravans.accept(invite.invite_id)).role).toBe('member');
  });
});
