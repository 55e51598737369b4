import { Button, Group, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { CompareLaneView, CompareRun } from '../../model/compare-run';
import { describeFailure } from '../composer/failure-text';
import { EntryContent } from './entry-content';
import classes from './entry-row.module.css';
import { TAG_COLORS } from './tag-style';
import { ThoughtBlock } from './thought-block';

const STYLE = { '--tag-color': `var(--mantine-color-${TAG_COLORS.gen}-filled)` } as CSSProperties;

/**
 * A compare's answers side by side under their question (DESIGN 12): a column per well, labelled
 * with its title and model, each growing as its answer arrives (stacked on a narrow screen). Once
 * all have ended, each stored one can be kept as the logbook's answer.
 */
export function CompareView({ run, onKeep }: { run: CompareRun; onKeep: (eid: string) => void }) {
  const count = run.lanes.length;
  return (
    <section aria-label="Compared answers" data-compare>
      <SimpleGrid cols={{ base: 1, sm: Math.min(count, 2), lg: count }} spacing="sm" mt="sm">
        {run.lanes.map((lane) => (
          <LaneColumn key={lane.lane} lane={lane} run={run} onKeep={onKeep} />
        ))}
      </SimpleGrid>
    </section>
  );
}

function LaneColumn({
  lane,
  run,
  onKeep,
}: {
  lane: CompareLaneView;
  run: CompareRun;
  onKeep: (eid: string) => void;
}) {
  const { title, model, text, thought, status, eid } = lane;
  const streaming = status === 'streaming';
  const name = title || `Well ${lane.lane + 1}`;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      className={classes.entry}
      style={STYLE}
      data-tag="gen"
      role="group"
      aria-label={`Answer of ${name}`}
      aria-busy={streaming || undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={6} align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {model || ' '}
          </Text>
        </div>
        {streaming && <Loader type="dots" size="xs" aria-label="Answer arriving" />}
      </Group>
      {thought && <ThoughtBlock thought={thought} thinking={streaming && text === ''} />}
      {text !== '' ? (
        <EntryContent entry={{ tag: 'gen', attrs: {}, content: text }} />
      ) : streaming && !thought ? (
        <Text c="dimmed" size="sm">
          Waiting for the well…
        </Text>
      ) : null}
      {status === 'failed' && (
        <Text c="red" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {describeFailure(lane.error, title || null).what}
        </Text>
      )}
      {status === 'stopped' && (
        <Text c="dimmed" size="sm">
          Stopped before any text.
        </Text>
      )}
      {run.ended && status === 'stored' && eid !== null && (
        <Button
          size="compact-sm"
          variant="light"
          mt="sm"
          loading={run.keeping === eid}
          disabled={run.keeping !== null && run.keeping !== eid}
          onClick={() => onKeep(eid)}
        >
          Keep this answer
        </Button>
      )}
    </Paper>
  );
}
