import type { Caravan, Well } from '@caravanserai/api';
import { createFakeWell, type SignedIn } from '@caravanserai/test-kit';

let sequence = 0;

/** A caravan led by `leader` with each of `members` invited and joined. */
export async function caravanWith(
  leader: SignedIn,
  members: readonly SignedIn[],
  name?: string,
): Promise<Caravan> {
  const caravan = await leader.client.caravans.create({ name: name ?? `Caravan ${++sequence}` });
  for (const member of members) await join(leader, member, caravan.caravan_id);
  return leader.client.caravans.get(caravan.caravan_id);
}

/** `leader` invites `member`, who accepts. */
export async function join(leader: SignedIn, member: SignedIn, caravanId: string): Promise<Caravan> {
  const invite = await leader.client.caravans.invite(caravanId, { username: member.username });
  return member.client.caravans.accept(invite.invite_id);
}

/** A well of the leader's that the fake provider answers, shared with the caravan. */
export async function sharedWell(
  leader: SignedIn,
  fake: { url: string },
  caravanId: string,
  fields: Parameters<typeof createFakeWell>[2] = {},
): Promise<Well> {
  const well = await createFakeWell(leader.client, fake, fields);
  await leader.client.caravans.shareWell(caravanId, { wellid: well.wellid });
  return well;
}
