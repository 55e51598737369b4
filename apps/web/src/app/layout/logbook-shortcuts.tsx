import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { NEW_LOGBOOK_HOTKEY, SWITCHER_HOTKEY } from '../../features/logbooks/components/hotkeys';

// Loaded on first use: visitors and most page views never open it.
const LogbookSwitcher = lazy(() =>
  import('../../features/logbooks/components/logbook-switcher').then((module) => ({
    default: module.LogbookSwitcher,
  })),
);

/**
 * The signed-in keyboard shortcuts: Ctrl/⌘+K opens the quick switcher, Ctrl/⌘+Shift+O starts a new
 * logbook. They work from text boxes too (the Scribe above all), as in the chat apps people know.
 */
export function LogbookShortcuts({ onNewLogbook }: { onNewLogbook: () => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [loaded, setLoaded] = useState(false);
  useHotkeys(
    [
      [
        SWITCHER_HOTKEY,
        () => {
          setLoaded(true);
          open();
        },
      ],
      [
        NEW_LOGBOOK_HOTKEY,
        () => {
          close();
          onNewLogbook();
        },
      ],
    ],
    [],
  );
  // Kept mounted once loaded, so closing runs the dialog's exit and gives focus back.
  return loaded ? (
    <Suspense fallback={null}>
      <LogbookSwitcher opened={opened} onClose={close} />
    </Suspense>
  ) : null;
}
