import type { Toggle } from '@caravanserai/logbook';
import type { LogRow } from './overlay';

/** What a row's buttons and its inline editor can do. */
export interface EntryActions {
  toggle(row: LogRow, toggle: Toggle): void;
  /** Asks first (the spec's confirmation). */
  remove(row: LogRow): void;
  edit(row: LogRow): void;
  cancelEdit(): void;
  /** The text typed in the open editor, kept while its row scrolls out of the page and back. */
  draft(row: LogRow): string | undefined;
  keepDraft(row: LogRow, text: string): void;
  /** Resolves true once stored; `resend` asks the edited query as a new version beside the old one. */
  save(row: LogRow, content: string, resend: boolean): Promise<boolean>;
  /** Asks the row's query again: a retry for a query, a new answer for an answer. */
  ask(row: LogRow): void;
  /** Asks the model to go on with the row's answer, which was stopped or cut short. */
  continueAnswer(row: LogRow): void;
  /** Shows the branch of entry `eid` (one of a row's versions); the owner's choice is remembered. */
  switchBranch(eid: string): void;
}
