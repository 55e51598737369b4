import type { HistoryStore } from '@caravanserai/mapper';

const KEY = 'commandHistory';

/** Typed commands in local storage `commandHistory`; a corrupt value reads as empty. */
export const localHistory: HistoryStore = {
  load: () => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
    } catch (error) {
      console.warn('ignoring corrupt command history', error);
      return [];
    }
  },
  save: (items) => localStorage.setItem(KEY, JSON.stringify(items)),
};
