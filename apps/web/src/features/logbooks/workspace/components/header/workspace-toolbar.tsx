import { Badge, Button, Group, SegmentedControl } from '@mantine/core';
import type { Ref } from 'react';
import { memo } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from '../icons';
import type { ViewMode } from '../use-view-mode';
import classes from '../workspace.module.css';

const VIEWS = [
  { value: 'chat', label: 'Chat' },
  { value: 'shell', label: 'Shell' },
];

/**
 * The chat/shell view switch (for those who can write), the memory flag in the shell view (the
 * chat view has its switch), and Head and Tail.
 */
export const WorkspaceToolbar = memo(function WorkspaceToolbar({
  ref,
  view,
  onViewChange,
  showViews,
  memory,
  onHead,
  onTail,
}: {
  ref?: Ref<HTMLDivElement>;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  showViews: boolean;
  memory: boolean;
  onHead: () => void;
  onTail: () => void;
}) {
  return (
    <Group ref={ref} className={classes.toolbar} justify="space-between" gap="xs" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        {showViews && (
          <SegmentedControl
            aria-label="View"
            size="xs"
            data={VIEWS}
            value={view}
            onChange={(value) => onViewChange(value === 'shell' ? 'shell' : 'chat')}
          />
        )}
        {showViews && view === 'shell' && memory && (
          <Badge variant="dot" color="teal" size="sm" title="Queries send the whole conversation">
            Memory on
          </Badge>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        <Button variant="default" size="xs" leftSection={<ArrowUpIcon />} onClick={onHead}>
          Head
        </Button>
        <Button variant="default" size="xs" leftSection={<ArrowDownIcon />} onClick={onTail}>
          Tail
        </Button>
      </Group>
    </Group>
  );
});
