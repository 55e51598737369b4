import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';

import { MAX_CONVERSATION_BYTES, megabytes, UnknownFormatError } from './conversation.js';

/** More files than any export holds: past this the zip is refused before its listing is read on. */
export const MAX_ZIP_ENTRIES = 200_000;

/** Thrown by ZipFile.text when a file inflates past the bound: reading stopped there. */
export class TooLargeError extends Error {}

export interface ZipOpenOptions {
  /** Which files to list; the others are counted, not kept. All by default. */
  keep?: (name: string) => boolean;
  /** How many entries the zip may have. */
  maxEntries?: number;
}

/**
 * A zip read entry by entry: the directory is listed up front (names and sizes only, and only the
 * files asked for) and each file is streamed when asked for, so no file in it is ever held whole
 * unless asked to be.
 */
export class ZipFile {
  private closed = false;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    /** Files by their path in the zip; folders and macOS resource forks are left out. */
    readonly files: ReadonlyMap<string, yauzl.Entry>,
  ) {}

  /** Throws UnknownFormatError when the zip has more than `maxEntries` entries. */
  static async open(path: string, options: ZipOpenOptions = {}): Promise<ZipFile> {
    const { keep = () => true, maxEntries = MAX_ZIP_ENTRIES } = options;
    const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
    try {
      if (zip.entryCount > maxEntries) throw tooMany();
      const files = await new Promise<Map<string, yauzl.Entry>>((resolve, reject) => {
        const found = new Map<string, yauzl.Entry>();
        let seen = 0;
        zip.on('entry', (entry: yauzl.Entry) => {
          if (++seen > maxEntries) {
            reject(tooMany());
            return;
          }
          const name = entry.fileName;
          if (!name.endsWith('/') && !name.startsWith('__MACOSX/') && keep(name)) found.set(name, entry);
          zip.readEntry();
        });
        zip.once('end', () => resolve(found));
        zip.once('error', reject);
        zip.readEntry();
      });
      return new ZipFile(zip, files);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /**
   * The file named `name` at the top of the zip or inside one folder (an export unpacked and
   * packed again gains one), the top one first.
   */
  find(name: string): string | undefined {
    if (this.files.has(name)) return name;
    for (const path of this.files.keys()) {
      const parts = path.split('/');
      if (parts.length === 2 && parts[1] === name) return path;
    }
    return undefined;
  }

  /** Paths whose last part matches, at the top or one folder down, in the zip's order. */
  match(pattern: RegExp): string[] {
    return [...this.files.keys()].filter((path) => {
      const parts = path.split('/');
      return parts.length <= 2 && pattern.test(parts[parts.length - 1] ?? '');
    });
  }

  async stream(path: string): Promise<Readable> {
    const entry = this.files.get(path);
    if (entry === undefined) throw new Error(`The zip has no ${path}.`);
    return this.zip.openReadStreamPromise(entry);
  }

  /**
   * A whole file as text. Past `maxBytes` (counted as it inflates, not trusted from the header)
   * reading stops and TooLargeError says so: no more than `maxBytes` is ever held.
   */
  async text(path: string, maxBytes = MAX_CONVERSATION_BYTES): Promise<string> {
    return (await this.bytes(path, maxBytes)).toString('utf8');
  }

  /** A whole file's bytes, bounded as `text` is. */
  async bytes(path: string, maxBytes: number): Promise<Buffer> {
    const entry = this.files.get(path);
    if (entry !== undefined && entry.uncompressedSize > maxBytes) throw tooLarge(maxBytes);
    const stream = await this.stream(path);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) throw tooLarge(maxBytes);
        chunks.push(chunk);
      }
    } finally {
      stream.destroy();
    }
    return Buffer.concat(chunks);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.zip.close();
  }
}

function tooMany(): UnknownFormatError {
  return new UnknownFormatError('The zip holds too many files to be an export.');
}

function tooLarge(maxBytes: number): TooLargeError {
  return new TooLargeError(`The file is larger than ${megabytes(maxBytes)}.`);
}
