/** Every wells query lives under this root, so one invalidation refreshes lists and details. */
export const wellsKeys = {
  all: ['wells'] as const,
  list: () => [...wellsKeys.all, 'list'] as const,
  detail: (wellid: string) => [...wellsKeys.all, 'detail', wellid] as const,
};
