import type { Executor } from '../../db/database.js';

/**
 * Withdraws the offers `which` selects and ends their rentals, in the caller's transaction. The
 * offers are changed first: on PostgreSQL that locks them, so a rental being taken of one either
 * waits and then finds it withdrawn, or is in before its rentals are ended here (`insertRental`).
 */
export async function withdrawOffers(
  trx: Executor,
  which: { offer_id: string } | { wellid: string },
  at: number,
): Promise<void> {
  const [column, value] =
    'offer_id' in which ? (['offer_id', which.offer_id] as const) : (['wellid', which.wellid] as const);
  const offers = trx.selectFrom('well_offers').select('offer_id').where(column, '=', value);
  await trx
    .updateTable('well_offers')
    .set({ withdrawn_at: at })
    .where(column, '=', value)
    .where('withdrawn_at', 'is', null)
    .execute();
  await trx
    .updateTable('well_rentals')
    .set({ ended_at: at })
    .where('offer_id', 'in', offers)
    .where('ended_at', 'is', null)
    .execute();
}
