/** The approved entry tags; anything else in a log is refused. */
export const TAGS = ['context', 'comment', 'query', 'mirage', 'gen', 'code', 'shell', 'command'] as const;

export type Tag = (typeof TAGS)[number];

const TAG_SET: ReadonlySet<string> = new Set(TAGS);

export function isTag(value: string): value is Tag {
  return TAG_SET.has(value);
}
