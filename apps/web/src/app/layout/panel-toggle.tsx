import { ActionIcon, Tooltip } from '@mantine/core';

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
        <svg
          width={20}
          height={20}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="M9 4v16" />
        </svg>
      </ActionIcon>
    </Tooltip>
  );
}
