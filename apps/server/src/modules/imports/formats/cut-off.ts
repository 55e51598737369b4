import type { Readable } from 'node:stream';
import type { ImportFormat } from '@caravanserai/api';
import { UnknownFormatError } from './conversation.js';
import { SNIFF_BYTES } from './json-shape.js';
import { JsonSyntaxError, jsonChildren } from './json-values.js';

/** What a file of each format is, as the person importing knows it. */
const EXPECTED: Record<ImportFormat, string> = {
  chatgpt: 'a ChatGPT conversations.json',
  claude: 'a Claude conversations.json',
  'open-webui': 'an Open WebUI chat export',
  librechat: 'a LibreChat conversation export',
  'caravanserai-json': 'a Caravanserai logbook JSON file',
  'caravanserai-xml': 'a Caravanserai logbook XML file',
  'caravanserai-backup': 'the manifest.json of a Caravanserai backup',
};

/**
 * The file is of a known format but cut off (or otherwise not valid JSON), so the rest of it can
 * never be read. Told at upload it is answered 400 like a file of no known format; found while the
 * job reads the file, it fails the job: an import that silently ends early would let someone
 * believe years of history arrived when only part did.
 */
export class CutOffError extends UnknownFormatError {
  constructor(readonly format: ImportFormat) {
    super(`The file is cut off or is not valid JSON: expected ${EXPECTED[format]}.`);
  }
}

/**
 * Whether a JSON file small enough to be read whole at upload is cut off or broken, judged as the
 * job will read it (`list`: element by element; `document`: parsed whole): true, false, or
 * undefined when it is larger than that (its end is found when the job reads it) or cannot be read
 * here (the reading proper says why).
 */
export async function smallJsonIsBroken(
  open: () => Promise<Readable> | Readable,
  as: 'list' | 'document',
): Promise<boolean | undefined> {
  const chunks: Buffer[] = [];
  let read = 0;
  let stream: Readable | undefined;
  try {
    stream = await open();
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      read += chunk.length;
      if (read > SNIFF_BYTES) return undefined;
      chunks.push(chunk);
    }
  } catch {
    return undefined;
  } finally {
    stream?.destroy();
  }
  const whole = Buffer.concat(chunks);
  if (as === 'document') {
    try {
      JSON.parse(whole.toString('utf8').replace(/^\uFEFF/, ''));
      return false;
    } catch {
      return true;
    }
  }
  try {
    for await (const _ of jsonChildren([whole])) {
      // Only whether the list reads to its end matters here.
    }
    return false;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return true;
    return undefined;
  }
}
