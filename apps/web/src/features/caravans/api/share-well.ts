import { api } from '../../../lib/api';
import { useCaravanMutation } from './caravan-mutation';

/** A leader shares one of their own wells with the caravan. */
export const shareWell = ({ id, wellid }: { id: string; wellid: string }) =>
  api.caravans.shareWell(id, { wellid });

/** Members lose the well from their next query on. */
export const unshareWell = ({ id, wellid }: { id: string; wellid: string }) =>
  api.caravans.unshareWell(id, wellid);

export function useShareWell() {
  return useCaravanMutation(shareWell);
}

export function useUnshareWell() {
  return useCaravanMutation(unshareWell);
}
