import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';

/**
 * A zip read entry by entry: the directory is listed up front (names and sizes only) and each file
 * is streamed when asked for, so no file in it is ever held whole unless asked to be.
 */
export class ZipFile {
  private closed = false;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    /** Files by their path in the zip; folders and macOS resource forks are left out. */
    readonly files: ReadonlyMap<string, yauzl.Entry>,
  ) {}

  static async open(path: string): Promise<ZipFile> {
    const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
    try {
      const files = await new Promise<Map<string, yauzl.Entry>>((resolve, reject) => {
        const found = new Map<string, yauzl.Entry>();
        zip.on('entry', (entry: yauzl.Entry) => {
          const name = entry.fileName;
          if (!name.endsWith('/') && !name.startsWith('__MACOSX/')) found.set(name, entry);
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

  /** A whole file as text, refused past `maxBytes` (checked as it streams, not trusted from the header). */
  async text(path: string, maxBytes: number): Promise<string> {
    const stream = await this.stream(path);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes)
          throw new Error(`${path} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
        chunks.push(chunk);
      }
    } finally {
      stream.destroy();
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.zip.close();
  }
}
