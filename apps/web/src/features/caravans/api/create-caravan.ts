import type { CaravanWrite } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useCaravanMutation } from './caravan-mutation';

/** With payments on, only a Sultan may: 403 'Creating a Caravan needs the Sultan tier.' */
export const createCaravan = (body: CaravanWrite) => api.caravans.create(body);

export function useCreateCaravan() {
  return useCaravanMutation(createCaravan);
}
