import type { WellTest } from '@caravanserai/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Asks the provider with the form's values; nothing is saved, so nothing is invalidated. */
export const testWell = (body: WellTest) => api.wells.test(body);

export function useTestWell() {
  return useMutation({ mutationFn: testWell });
}
