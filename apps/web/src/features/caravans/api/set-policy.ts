import type { CaravanPolicyUpdate } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useCaravanMutation } from './caravan-mutation';

/** The whole policy at once; the server checks it before any provider is called. */
export const setPolicy = ({ id, policy }: { id: string; policy: CaravanPolicyUpdate }) =>
  api.caravans.setPolicy(id, policy);

export function useSetPolicy() {
  return useCaravanMutation(setPolicy);
}
