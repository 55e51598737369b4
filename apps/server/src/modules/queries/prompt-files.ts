import type { Attachment } from '../../providers/answer-stream.js';
import { acceptsImages, takesPdf } from '../../providers/model-inputs.js';
import type { Origin } from '../../providers/registry.js';
import type { WorkerPool } from '../../workers/worker-pool.js';
import type { FilesService, SentFile } from '../files/files.service.js';

const utf8 = new TextDecoder();

/**
 * The files of a prompt's questions as the model is sent them (DESIGN 3a): images as image parts
 * and PDFs as file parts where the provider takes them, else the PDF's text (read on a worker
 * thread); text files as text naming the file.
 */
export class PromptFiles {
  constructor(
    private readonly files: FilesService,
    private readonly workers: WorkerPool,
  ) {}

  /** Attachments by file id, for the files the logbook names among these. */
  async attachments(
    logid: string,
    fileIds: readonly string[],
    origin: Origin,
  ): Promise<Map<string, Attachment>> {
    const sent = await this.files.toSend(logid, fileIds);
    const out = new Map<string, Attachment>();
    for (const [id, file] of sent) out.set(id, await this.attachment(file, origin));
    return out;
  }

  private async attachment(file: SentFile, origin: Origin): Promise<Attachment> {
    const part = { type: 'file' as const, mediaType: file.mediaType, data: file.bytes, filename: file.name };
    if (file.kind === 'image') {
      // Only an earlier question's image can reach a model that takes none: the new one was refused.
      return acceptsImages(origin) ? part : named(file, '[An image this model cannot see.]');
    }
    if (file.kind === 'pdf') {
      if (takesPdf(origin)) return part;
      const text = await this.workers.run<string>('pdfText', { bytes: file.bytes }).catch(() => '');
      return named(file, text === '' ? '[A PDF whose text could not be read.]' : text);
    }
    return named(file, utf8.decode(file.bytes));
  }
}

function named(file: SentFile, text: string): Attachment {
  return { type: 'text', text: `File "${file.name}":\n\n${text}` };
}
