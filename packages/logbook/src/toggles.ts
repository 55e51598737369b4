import type { Entry } from './entry';
import type { Tag } from './tags';

/** The per-entry buttons: # (comment), C (context), M (mirage). */
export type Toggle = 'comment' | 'context' | 'mirage';

// Pressing a toggle on an entry that already has that tag hands it back to the AI's side (gen),
// which is how a mis-tagged answer is restored.
function toggleTo(target: Toggle, tag: Tag): Tag {
  return tag === target ? 'gen' : target;
}

export function toggleComment(tag: Tag): Tag {
  return toggleTo('comment', tag);
}

export function toggleContext(tag: Tag): Tag {
  return toggleTo('context', tag);
}

export function toggleMirage(tag: Tag): Tag {
  return toggleTo('mirage', tag);
}

export function applyToggle(tag: Tag, toggle: Toggle): Tag {
  return toggleTo(toggle, tag);
}

/** Deleting keeps the entry in place, emptied, so positions and qids of the others stay valid. */
export function blankEntry(e: Entry): Entry {
  return { tag: e.tag, attrs: { ...e.attrs }, content: '' };
}
