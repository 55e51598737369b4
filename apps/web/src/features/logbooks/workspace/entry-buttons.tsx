import type { Tag, Toggle } from '@caravanserai/logbook';
import { ActionIcon } from '@mantine/core';
import classes from './entry-row.module.css';
import { TAG_COLORS } from './tag-style';

const TOGGLES: { toggle: Toggle; text: string; label: string }[] = [
  { toggle: 'comment', text: '#', label: 'Toggle comment' },
  { toggle: 'context', text: 'C', label: 'Toggle context' },
  { toggle: 'mirage', text: 'M', label: 'Toggle mirage' },
];

/**
 * The spec's per-entry buttons # C M X. A toggle shows pressed when the entry already has that
 * tag: pressing it then hands the entry back to gen (spec 000 §4).
 */
export function EntryButtons({
  tag,
  onToggle,
  onDelete,
}: {
  tag: Tag;
  onToggle: (toggle: Toggle) => void;
  onDelete: () => void;
}) {
  return (
    <>
      {TOGGLES.map(({ toggle, text, label }) => (
        <ActionIcon
          key={toggle}
          variant={tag === toggle ? 'light' : 'subtle'}
          color={tag === toggle ? TAG_COLORS[toggle] : 'gray'}
          size="sm"
          className={classes.toggle}
          aria-label={label}
          aria-pressed={tag === toggle}
          title={label}
          onClick={() => onToggle(toggle)}
        >
          {text}
        </ActionIcon>
      ))}
      <ActionIcon
        variant="subtle"
        color="red"
        size="sm"
        className={classes.toggle}
        aria-label="Delete entry"
        title="Delete entry"
        onClick={onDelete}
      >
        X
      </ActionIcon>
    </>
  );
}
