import type { UsageGroupBy } from '@caravanserai/api';

/** Every caravan query lives under this root, so one invalidation refreshes lists, pages and figures. */
export const caravansKeys = {
  all: ['caravans'] as const,
  list: () => [...caravansKeys.all, 'list'] as const,
  invites: () => [...caravansKeys.all, 'invites'] as const,
  detail: (id: string) => [...caravansKeys.all, 'detail', id] as const,
  usage: (id: string, range: UsageRange) => [...caravansKeys.all, 'usage', id, range] as const,
  audit: (id: string) => [...caravansKeys.all, 'audit', id] as const,
};

/** The figures asked for: grouped one way, over whole UTC days (this month so far when left out). */
export interface UsageRange {
  group_by: UsageGroupBy;
  from?: string;
  to?: string;
}
