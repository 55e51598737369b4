import { applyToggle, type Toggle } from '@caravanserai/logbook';
import type { EntryWrite } from '../api/write-entry';
import type { ConfirmedWrite } from './log-snapshot';
import type { LogRow } from './overlay';
import type { pendingWrites } from './pending-writes';
import type { SessionPorts } from './session-ports';
import type { LogbookSessionState, SessionChange } from './session-state';
import { isStale } from './write-errors';

/** What the entry buttons and the inline editor need of the session they change. */
export interface EditsHost {
  logid: string;
  state(): LogbookSessionState;
  set(change: SessionChange): void;
  pending: ReturnType<typeof pendingWrites>;
  /** A pending write the server confirmed: settled, and applied to the log. */
  stored(id: number, write: ConfirmedWrite & { version: number }): void;
  ports: SessionPorts;
  reload(): void;
  /** Sends an edited question as a new one beside the old (Save and resend). */
  askEdited(index: number, content: string): boolean;
}

/**
 * The entry buttons and the inline editor. Each change re-tags, edits or blanks one entry by its
 * index. A toggle names the tag the entry has now and an edit the version the page knows, so the
 * server refuses (409) a change to an entry someone else changed first; the session then reads
 * the log again.
 */
export class SessionEdits {
  private readonly drafts = new Map<string, string>();

  constructor(private readonly host: EditsHost) {}

  toggle(row: LogRow, toggle: Toggle): void {
    const { index } = row;
    if (index === null) return;
    const tag = row.entry.tag;
    const freshTag = applyToggle(tag, toggle);
    const id = this.host.pending.add({ kind: 'retag', index, tag: freshTag });
    this.changeEntry(
      id,
      () => ({ logid: this.host.logid, tag, index, fresh_tag: freshTag }),
      (version) => ({ kind: 'change', index, tag: freshTag, version }),
    ).catch(() => undefined);
  }

  /** The reader confirmed the deletion: the entry is blanked, and left out of the log. */
  confirmDelete(): void {
    const row = this.host.state().toDelete;
    this.host.set({ toDelete: null });
    const index = row?.index ?? null;
    if (row === null || index === null) return;
    const id = this.host.pending.add({ kind: 'blank', index });
    this.changeEntry(
      id,
      () => ({ logid: this.host.logid, tag: row.entry.tag, index, content: '' }),
      (version) => ({ kind: 'change', index, content: '', version }),
    ).catch(() => undefined);
  }

  edit(row: LogRow): void {
    if (row.index === null) return;
    this.drafts.clear();
    this.host.set({ editingKey: row.key });
  }

  cancelEdit(): void {
    this.drafts.clear();
    this.host.set({ editingKey: null });
  }

  draft(row: LogRow): string | undefined {
    return this.drafts.get(row.key);
  }

  keepDraft(row: LogRow, text: string): void {
    this.drafts.set(row.key, text);
  }

  async save(row: LogRow, content: string, resend: boolean): Promise<boolean> {
    const { index } = row;
    if (index === null) return false;
    if (resend && row.entry.tag === 'query') {
      const asked = this.host.askEdited(index, content);
      if (asked) this.cancelEdit();
      return asked;
    }
    const id = this.host.pending.add({ kind: 'edit', index, content });
    try {
      await this.changeEntry(
        id,
        // Read when the write's turn comes, after the writes made before it have landed.
        () => ({
          logid: this.host.logid,
          tag: row.entry.tag,
          index,
          content,
          version: this.host.state().log.version,
        }),
        (version) => ({ kind: 'change', index, content, version }),
      );
    } catch {
      return false;
    }
    this.cancelEdit();
    return true;
  }

  /** Sends a change to one entry; a refusal drops it, says why, and reads the log again when stale. */
  private async changeEntry(
    id: number,
    body: EntryWrite['body'],
    change: (version: number) => ConfirmedWrite & { version: number },
  ): Promise<void> {
    const { ports, pending } = this.host;
    try {
      await ports.writeEntry({ body, onStored: ({ version }) => this.host.stored(id, change(version)) });
    } catch (error) {
      pending.remove(id);
      ports.writeFailed(error);
      if (isStale(error)) this.host.reload();
      throw error;
    }
  }
}
