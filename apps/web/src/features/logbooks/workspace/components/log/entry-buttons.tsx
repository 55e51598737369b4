import type { Tag, Toggle } from '@caravanserai/logbook';
import { ActionIcon, Tooltip } from '@mantine/core';
import { type ReactElement, useDeferredValue } from 'react';
import { EditIcon, RedoIcon } from '../icons';
import { useAsking } from './asking';
import { CopyTextButton } from './copy-text-button';
import classes from './entry-row.module.css';
import { TAG_COLORS } from './tag-style';

// The spec's symbols stay what the buttons show; their names say in words what they do.
const TOGGLES: { toggle: Toggle; text: string; name: string; tip: string }[] = [
  {
    toggle: 'comment',
    text: '#',
    name: 'Comment',
    tip: 'Comment (#): a note for you, never sent to the model',
  },
  {
    toggle: 'context',
    text: 'C',
    name: 'Context',
    tip: 'Context (C): an instruction sent with every question',
  },
  { toggle: 'mirage', text: 'M', name: 'Mirage', tip: 'Mirage (M): a wrong answer, never sent to the model' },
];

/**
 * A button's tooltip. It is set up just after the button is first drawn, in a render of its own
 * React does when nothing more urgent waits: a row's five tooltips cost more to set up than the
 * row, and a new row (an answer just stored, a page opened) shows without waiting for them.
 */
function Tip({ label, children }: { label: string; children: ReactElement }) {
  const ready = useDeferredValue(true, false);
  if (!ready) return children;
  return (
    <Tooltip label={label} openDelay={350} withArrow>
      {children}
    </Tooltip>
  );
}

/**
 * An entry's buttons: Copy, then for its owner Edit (queries, context, comments), Regenerate
 * (answers), and the spec's # C M X. A toggle shows pressed when the entry already has that tag:
 * pressing it then hands the entry back to gen.
 */
export function EntryButtons({
  tag,
  copyText,
  onToggle,
  onDelete,
  onEdit,
  onRegenerate,
}: {
  tag: Tag;
  /** Null while the entry is still arriving. */
  copyText: string | null;
  /** Left out where the entry cannot be changed (a salted logbook, a reader, a pending entry). */
  onToggle?: (toggle: Toggle) => void;
  onDelete?: () => void;
  onEdit?: () => void;
  /** Present on answers of the owner's; hidden while another answer arrives. */
  onRegenerate?: () => void;
}) {
  return (
    <>
      {copyText !== null && <CopyTextButton text={copyText} label="Copy" className={classes.action} />}
      {onEdit && (
        <IconAction name="Edit" tip="Edit in place" onClick={onEdit}>
          <EditIcon />
        </IconAction>
      )}
      {onRegenerate && <RegenerateButton onRegenerate={onRegenerate} />}
      {onToggle &&
        TOGGLES.map(({ toggle, text, name, tip }) => (
          <Tip key={toggle} label={tag === toggle ? `${tip}. Pressed: hands it back to gen` : tip}>
            <ActionIcon
              variant={tag === toggle ? 'light' : 'subtle'}
              color={tag === toggle ? TAG_COLORS[toggle] : 'gray'}
              size="sm"
              className={`${classes.action} ${classes.toggle}`}
              aria-label={name}
              aria-pressed={tag === toggle}
              onClick={() => onToggle(toggle)}
            >
              {text}
            </ActionIcon>
          </Tip>
        ))}
      {onDelete && (
        <Tip label="Delete (X)">
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            className={`${classes.action} ${classes.toggle} ${classes.delete}`}
            aria-label="Delete"
            onClick={onDelete}
          >
            X
          </ActionIcon>
        </Tip>
      )}
    </>
  );
}

/** Regenerate, left out while another answer arrives (none can be asked meanwhile). */
function RegenerateButton({ onRegenerate }: { onRegenerate: () => void }) {
  if (useAsking()) return null;
  return (
    <IconAction
      name="Regenerate"
      tip="Regenerate: ask the question again for a new answer (this one stays)"
      onClick={onRegenerate}
    >
      <RedoIcon />
    </IconAction>
  );
}

/** A quiet icon button named `name`, its tooltip saying what it does. */
function IconAction({
  name,
  tip,
  onClick,
  children,
}: {
  name: string;
  tip: string;
  onClick: () => void;
  children: ReactElement;
}) {
  return (
    <Tip label={tip}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        className={classes.action}
        aria-label={name}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tip>
  );
}
