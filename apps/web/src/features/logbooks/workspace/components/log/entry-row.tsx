import { isNotice } from '@caravanserai/logbook';
import { Badge, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { type CSSProperties, memo } from 'react';
import { answerMeta } from '../../model/answer-meta';
import { earlyEnd } from '../../model/continuing';
import type { EntryActions } from '../../model/entry-actions';
import type { LogRow } from '../../model/overlay';
import { isReasoning } from '../../model/reasoning';
import { InfoIcon, RedoIcon } from '../icons';
import { AnswerFooter } from './answer-footer';
import { useAsking } from './asking';
import { BranchArrows } from './branch-arrows';
import { ContinueButton } from './continue-button';
import { EntryButtons } from './entry-buttons';
import { EntryContent } from './entry-content';
import { EntryEditor } from './entry-editor';
import { EntryFiles } from './entry-files';
import classes from './entry-row.module.css';
import { TAG_COLORS } from './tag-style';
import { ThoughtBlock } from './thought-block';

const EDITABLE_TAGS = new Set(['query', 'context', 'comment']);
const ANSWER_TAGS = new Set(['gen', 'mirage']);

/**
 * One entry of the log: its tag, its buttons and its content (or the inline editor); above an
 * answer the model's thinking, under it its model and tokens; under a query left without one a
 * Retry. The app's notices, and thinking whose answer is gone, are drawn as slim notes, not as
 * entries. Re-renders only when its props change.
 */
export const EntryRow = memo(function EntryRow({
  row,
  editable,
  actions,
  editing,
}: {
  row: LogRow;
  editable: boolean;
  actions: EntryActions;
  editing: boolean;
}) {
  const { entry, thought } = row;
  // Thinking no answer follows (it was deleted): folded away like any other, on a slim line.
  const loneThought = thought !== undefined && isReasoning(entry);
  const notice = isNotice(entry) || loneThought;
  const thinking = thought !== undefined && row.streaming && entry.content === '';
  const color = TAG_COLORS[entry.tag];
  const style = { '--tag-color': `var(--mantine-color-${color}-filled)` } as CSSProperties;
  const stored = editable && row.index !== null;
  const qid = entry.attrs.qid;
  const meta = ANSWER_TAGS.has(entry.tag) && !row.streaming ? answerMeta(entry) : null;
  // While another answer arrives the controls that ask are disabled (they read AskingContext).
  const canAsk = stored && qid !== undefined;
  const ended = canAsk && !row.streaming ? earlyEnd(entry) : null;

  return (
    <Paper
      withBorder={!notice}
      p={notice ? 4 : 'sm'}
      radius="md"
      className={notice ? classes.notice : classes.entry}
      style={style}
      data-tag={entry.tag}
      data-notice={notice || undefined}
      data-pending={row.pending || undefined}
      aria-busy={row.streaming || undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={notice ? 0 : 6}>
        <Group gap={8} wrap="nowrap" miw={0}>
          {loneThought ? (
            <ThoughtBlock thought={thought} thinking={false} />
          ) : notice ? (
            <>
              <span className={classes.noticeIcon}>
                <InfoIcon />
              </span>
              <Text size="sm" c="dimmed" fs="italic" className={classes.noticeText}>
                {entry.content}
              </Text>
            </>
          ) : (
            <Badge variant="light" color={color} size="sm" radius="sm">
              {entry.tag}
            </Badge>
          )}
          {row.streaming && !thinking && <Loader type="dots" size="xs" aria-label="Answer arriving" />}
        </Group>
        <Group gap={2} wrap="nowrap" className={classes.actions}>
          {ended && <ContinueButton why={ended} onContinue={() => actions.continueAnswer(row)} />}
          <EntryButtons
            tag={entry.tag}
            copyText={row.streaming ? null : entry.content}
            onToggle={stored ? (toggle) => actions.toggle(row, toggle) : undefined}
            onDelete={stored ? () => actions.remove(row) : undefined}
            onEdit={
              stored && !editing && !loneThought && EDITABLE_TAGS.has(entry.tag)
                ? () => actions.edit(row)
                : undefined
            }
            onRegenerate={
              canAsk && !notice && ANSWER_TAGS.has(entry.tag) ? () => actions.ask(row) : undefined
            }
          />
        </Group>
      </Group>
      {thought && !notice && <ThoughtBlock thought={thought} thinking={thinking} />}
      {notice ? null : editing ? (
        <EntryEditor
          tag={entry.tag}
          content={entry.content}
          draft={actions.draft(row)}
          onDraft={(text) => actions.keepDraft(row, text)}
          onSave={(content, resend) => actions.save(row, content, resend)}
          onCancel={actions.cancelEdit}
        />
      ) : entry.content === '' && row.streaming ? (
        thinking ? null : (
          <Text c="dimmed" size="sm">
            Waiting for the well…
          </Text>
        )
      ) : (
        <EntryContent entry={entry} />
      )}
      {!notice && entry.attrs.files !== undefined && <EntryFiles entry={entry} />}
      {row.branch && !editing && <BranchArrows choice={row.branch} onSwitch={actions.switchBranch} />}
      {meta && <AnswerFooter meta={meta} />}
      {row.unanswered && stored && !editing && (
        <Group gap="xs" mt={6}>
          <Text size="xs" c="dimmed">
            No answer yet.
          </Text>
          <RetryButton canAsk={canAsk} onRetry={() => actions.ask(row)} />
        </Group>
      )}
    </Paper>
  );
});

function RetryButton({ canAsk, onRetry }: { canAsk: boolean; onRetry: () => void }) {
  const asking = useAsking();
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<RedoIcon />}
      disabled={!canAsk || asking}
      onClick={onRetry}
    >
      Retry
    </Button>
  );
}
