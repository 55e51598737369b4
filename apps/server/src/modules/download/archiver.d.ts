declare module 'archiver' {
  import type { Readable } from 'node:stream';

  interface EntryData {
    name: string;
    mode?: number;
    date?: Date;
  }

  /** The part of archiver 8's API used here: stream entries into a zip or tar(.gz) archive. */
  class Archiver extends Readable {
    append(source: string | Buffer | Readable, data: EntryData): this;
    finalize(): Promise<void>;
  }

  export class ZipArchive extends Archiver {
    constructor(options?: { zlib?: { level?: number } });
  }

  export class TarArchive extends Archiver {
    constructor(options?: { gzip?: boolean; gzipOptions?: { level?: number } });
  }
}
