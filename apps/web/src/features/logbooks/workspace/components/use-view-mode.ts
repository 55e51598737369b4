import { useLocalStorage } from '@mantine/hooks';

export type ViewMode = 'chat' | 'shell';

/** Chat view (the Scribe) or shell view (the shell box), remembered in local storage. */
export function useViewMode() {
  return useLocalStorage<ViewMode>({
    key: 'logbookView',
    defaultValue: 'chat',
    // Read before the first paint, so a reader who chose the shell never sees the Scribe flash.
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => (value === 'shell' ? 'shell' : 'chat'),
  });
}
