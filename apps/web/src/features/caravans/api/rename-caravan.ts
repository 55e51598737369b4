import { api } from '../../../lib/api';
import { useCaravanMutation } from './caravan-mutation';

/** A leader renames the caravan; members see the new name. */
export const renameCaravan = ({ id, name }: { id: string; name: string }) =>
  api.caravans.rename(id, { name });

export function useRenameCaravan() {
  return useCaravanMutation(renameCaravan);
}
