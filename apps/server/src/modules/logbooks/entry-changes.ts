import { fieldError } from '../../errors.js';

/** A re-tag keeps the entry's place in the tree: attributes given may repeat its eid and parent, not change them. */
export function refuseTreeChange(
  current: Record<string, string>,
  given: Record<string, string> | undefined,
): void {
  for (const name of ['eid', 'parent'] as const) {
    const value = given?.[name];
    if (value !== undefined && value !== current[name]) {
      throw fieldError('attrs', `An entry's ${name} cannot be changed.`);
    }
  }
}

/** New attributes for an entry, with its eid and parent where they leave them out. */
export function keepTreeAttrs(
  given: Record<string, string>,
  current: Record<string, string>,
): Record<string, string> {
  const attrs = { ...given };
  attrs.eid ??= current.eid!;
  if (current.parent !== undefined) attrs.parent ??= current.parent;
  return attrs;
}

/**
 * A deleted entry (its content blanked) carries no files: they go once nothing else names them
 * (DESIGN 3a).
 */
export function withoutFilesIfDeleted(
  attrs: Record<string, string>,
  content: string,
): Record<string, string> {
  if (content.trim() !== '' || attrs.files === undefined) return attrs;
  const { files: _, ...rest } = attrs;
  return rest;
}
