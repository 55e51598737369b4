import type { ChatMessage } from '@caravanserai/logbook';
import type { Attachment } from '../../providers/answer-stream.js';
import { acceptsImages, takesPdf } from '../../providers/model-inputs.js';
import type { Origin } from '../../providers/registry.js';
import type { WorkerPool } from '../../workers/worker-pool.js';
import type { FileRow } from '../files/files.repository.js';
import type { FilesService } from '../files/files.service.js';
import { PDF_TEXT_MAX_CHARS } from '../files/pdf-text.task.js';

/**
 * What earlier questions' files may add to one call, beyond the asked question's own: the newest
 * are sent again while they fit, the rest named only. Providers refuse requests much larger than
 * this (Anthropic's limit is 32 MB), and every byte is held in memory while the call is made.
 */
export const EARLIER_FILES_MAX_BYTES = 24 * 1024 * 1024;
export const EARLIER_FILES_MAX_COUNT = 20;

const utf8 = new TextDecoder();

/** The longest a PDF's text may take to read: a PDF that keeps the reader going longer sends none. */
const PDF_TEXT_TIMEOUT_MS = 30_000;

/**
 * The files of a prompt's questions as the model is sent them (DESIGN 3a): images as image parts
 * and PDFs as file parts where the model takes them, else the PDF's text (read on a worker
 * thread); text files as text naming the file. The asked question's files always go; earlier
 * questions' go again, newest first, within EARLIER_FILES_MAX_BYTES and _COUNT.
 */
export class PromptFiles {
  constructor(
    private readonly files: FilesService,
    private readonly workers: WorkerPool,
  ) {}

  /** Attachments by file id, for the files the logbook names among the messages'. */
  async attachments(
    logid: string,
    messages: readonly ChatMessage[],
    origin: Origin,
  ): Promise<Map<string, Attachment>> {
    const questions = messages.filter((m) => m.role === 'user' && (m.files?.length ?? 0) > 0);
    const asked = new Set(questions.at(-1) === messages.at(-1) ? (questions.at(-1)?.files ?? []) : []);
    const newestFirst = [...new Set(questions.flatMap((m) => m.files ?? []).reverse())];
    const known = await this.files.namedIn(logid, newestFirst);
    const out = new Map<string, Attachment>();
    let bytes = 0;
    let count = 0;
    for (const id of newestFirst) {
      const file = known.get(id);
      if (file === undefined) continue;
      if (!asked.has(id)) {
        if (bytes + file.size > EARLIER_FILES_MAX_BYTES || count >= EARLIER_FILES_MAX_COUNT) {
          out.set(id, named(file, '[Sent with an earlier question; left out now.]'));
          continue;
        }
        bytes += file.size;
        count++;
      }
      const attachment = await this.attachment(file, origin);
      if (attachment !== undefined) out.set(id, attachment);
    }
    return out;
  }

  private async attachment(file: FileRow, origin: Origin): Promise<Attachment | undefined> {
    if (file.kind === 'image' && !acceptsImages(origin)) {
      // Only an earlier question's image can reach a model that takes none: the new one was refused.
      return named(file, '[An image this model cannot see.]');
    }
    const bytes = await this.files.bytesOf(file);
    if (bytes === undefined) return undefined;
    if (file.kind === 'image' || (file.kind === 'pdf' && takesPdf(origin)))
      return { type: 'file', mediaType: file.media_type, data: bytes, filename: file.name };
    if (file.kind === 'pdf') {
      const text = await this.workers
        .run<string>('pdfText', { bytes }, undefined, { timeoutMs: PDF_TEXT_TIMEOUT_MS })
        .catch(() => '');
      return named(file, text === '' ? '[A PDF whose text could not be read.]' : text);
    }
    const text = utf8.decode(bytes);
    return named(
      file,
      text.length > PDF_TEXT_MAX_CHARS
        ? `${text.slice(0, PDF_TEXT_MAX_CHARS)}\n[The rest of the file is left out.]`
        : text,
    );
  }
}

function named(file: FileRow, text: string): Attachment {
  return { type: 'text', text: `File "${file.name}":\n\n${text}` };
}
