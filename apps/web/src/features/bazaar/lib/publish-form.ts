import {
  ApiError,
  DEFAULT_PUBLISHED_TAGS,
  type Licence,
  type ListingPublish,
  type VersionPublish,
} from '@caravanserai/api';
import type { Tag } from '@caravanserai/logbook';
import { parseTopics } from './topics';

/** The tags an author chooses from, with what each is: comments and shell output stay home unless chosen. */
export const TAG_CHOICES: readonly { tag: Tag; label: string }[] = [
  { tag: 'query', label: 'Questions (query)' },
  { tag: 'gen', label: 'Answers (gen)' },
  { tag: 'code', label: 'Code (code)' },
  { tag: 'context', label: 'Context (context)' },
  { tag: 'comment', label: 'Comments (comment)' },
  { tag: 'shell', label: 'Shell output (shell)' },
];

/** What the publish form holds: the author's choices as typed. */
export interface PublishValues {
  include: string[];
  summary: string;
  /** Topics as typed: words separated by commas or spaces. */
  topics: string;
  licence: Licence;
  /** The caravan whose members alone will see it; '' for everyone. */
  caravan: string;
}

export const NEW_LISTING: PublishValues = {
  include: [...DEFAULT_PUBLISHED_TAGS],
  summary: '',
  topics: '',
  licence: 'CC-BY-4.0',
  caravan: '',
};

/** The body of a preview or first publish of logbook `logid`. */
export function listingBody(logid: string, values: PublishValues, confirm = false): ListingPublish {
  return {
    logid,
    summary: values.summary.trim(),
    topics: parseTopics(values.topics),
    include: values.include as Tag[],
    licence: values.licence,
    caravan: values.caravan || null,
    ...(confirm && { confirm: true }),
  };
}

/** The body of a next version: the tags stay those of the newest version. */
export function versionBody(values: PublishValues, confirm = false): VersionPublish {
  return {
    summary: values.summary.trim(),
    topics: parseTopics(values.topics),
    licence: values.licence,
    ...(confirm && { confirm: true }),
  };
}

/**
 * The server's word when it refused a publish because the copy looks private and `confirm` was not
 * sent (the logbook changed since its preview), or null.
 */
export function unconfirmedIn(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.fields.confirm?.join(' ') || null;
}

/** The form's fields the server's field errors are shown beside; the rest go above the buttons. */
export const FORM_FIELDS = ['include', 'summary', 'topics', 'licence', 'caravan'] as const;
