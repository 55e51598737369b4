import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { StrokeIcon } from '../../../components/stroke-icon';
import { shortcutLabel } from '../../../lib/shortcut-label';
import { NEW_LOGBOOK_HOTKEY } from './hotkeys';

function PlusIcon() {
  return (
    <StrokeIcon size={18}>
      <path d="M12 5v14M5 12h14" />
    </StrokeIcon>
  );
}

/** The header's New Logbook control: a labelled button on very wide screens, else its icon alone. */
export function NewLogbookButton({ onClick, creating }: { onClick: () => void; creating: boolean }) {
  const tip = `New Logbook (${shortcutLabel(NEW_LOGBOOK_HOTKEY)})`;
  const keys = 'Control+Shift+O Meta+Shift+O';
  return (
    <>
      <Tooltip label={tip}>
        <Button
          visibleFrom="xl"
          variant="light"
          leftSection={<PlusIcon />}
          loading={creating}
          onClick={onClick}
          aria-keyshortcuts={keys}
        >
          New Logbook
        </Button>
      </Tooltip>
      <Tooltip label={tip}>
        <ActionIcon
          hiddenFrom="xl"
          variant="light"
          size="lg"
          loading={creating}
          onClick={onClick}
          aria-label="New Logbook"
          aria-keyshortcuts={keys}
        >
          <PlusIcon />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
