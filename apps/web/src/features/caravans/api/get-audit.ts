import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { caravansKeys } from './keys';

/** Every change to the caravan, newest first (leaders only). */
export const getAudit = (id: string) => api.caravans.audit(id);

export const auditQueryOptions = (id: string) =>
  queryOptions({ queryKey: caravansKeys.audit(id), queryFn: () => getAudit(id), retry: false });

export function useAudit(id: string, enabled: boolean) {
  return useQuery({ ...auditQueryOptions(id), enabled });
}
