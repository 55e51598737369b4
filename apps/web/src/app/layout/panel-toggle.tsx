import { ActionIcon, Tooltip } from '@mantine/core';
import { StrokeIcon } from '../../components/stroke-icon';

/** Shows or hides the wide screens' side panel of recent logbooks. */
export function PanelToggle({
  expanded,
  controls,
  onToggle,
}: {
  expanded: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <Tooltip label={expanded ? 'Hide recent logbooks' : 'Show recent logbooks'}>
      <ActionIcon
        visibleFrom="lg"
        variant="subtle"
        color="gray"
        size="lg"
        onClick={onToggle}
        aria-label="Toggle recent logbooks"
        aria-expanded={expanded}
        aria-controls={controls}
      >
        <StrokeIcon size={20}>
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="M9 4v16" />
        </StrokeIcon>
      </ActionIcon>
    </Tooltip>
  );
}
