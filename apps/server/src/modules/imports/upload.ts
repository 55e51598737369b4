import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFields, type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError, HttpError } from '../../errors.js';
import { newId } from '../../lib/ids.js';

export interface UploadLimits {
  /** Where uploads are written while they are imported. */
  dir: string;
  maxBytes: number;
}

export interface ReceivedUpload {
  path: string;
  filename: string;
  journal: string | null;
}

const MB = 1024 * 1024;
/** Fields are short ids: anything longer is not one. */
const FIELD_LIMITS = { files: 1, fields: 5, parts: 10, fieldSize: 1024, fieldNameSize: 64 };

/**
 * Registers routes that take an upload in a scope of their own, where multipart bodies are read;
 * every other route keeps refusing them (415).
 */
export async function uploadRoutes(
  app: FastifyInstance,
  limits: UploadLimits,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { ...FIELD_LIMITS, fileSize: limits.maxBytes } });
    routes(scope);
  });
}

export const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    'too_large',
    `The file is too large: the limit is ${maxBytes >= MB ? `${Math.floor(maxBytes / MB)} MB` : `${Math.ceil(maxBytes / 1024)} KB`}.`,
  );

/**
 * Streams the multipart field `file` to a new file on disk, never holding it in memory, after
 * `checkFields` has seen the fields sent before it (the `journal`), so a refused request does not
 * wait for its upload. A file over the limit is deleted and answered 413.
 */
export async function receiveUpload(
  request: FastifyRequest,
  limits: UploadLimits,
  checkFields: (fields: { journal: string | null }) => Promise<void> = async () => {},
): Promise<ReceivedUpload> {
  const file = await filePart(request, limits.maxBytes);
  // Only fields sent before the file count: they are the ones checked before it is written.
  let journal: string | null;
  try {
    journal = journalField(file.fields);
    await checkFields({ journal });
  } catch (error) {
    // Read the rest and drop it, so the answer is not held up behind an unread upload.
    file.file.resume();
    throw error;
  }

  await mkdir(limits.dir, { recursive: true, mode: 0o700 });
  const path = join(limits.dir, `${newId()}.upload`);
  try {
    await pipeline(file.file, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    if (file.file.truncated) throw tooLarge(limits.maxBytes);
  } catch (error) {
    await rm(path, { force: true });
    throw error instanceof HttpError ? error : multipartError(error, limits.maxBytes);
  }
  return { path, filename: file.filename, journal };
}

/**
 * Reads the multipart field `file` into memory (for uploads small enough to hold: a query's
 * files), up to `maxBytes` (413 past it). The bytes go straight into shared memory as they arrive,
 * so worker threads read them without a copy and no 20 MB concatenation holds the request thread.
 */
export async function receiveBytes(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const file = await filePart(request, maxBytes);
  const declared = Number(request.headers['content-length']);
  let into = new Uint8Array(
    new SharedArrayBuffer(Math.min(Number.isFinite(declared) ? declared : maxBytes, maxBytes)),
  );
  let size = 0;
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      if (size + chunk.length > into.length) {
        // Sent without a length, or the length lied: room for the limit, never more.
        const larger = new Uint8Array(new SharedArrayBuffer(Math.min(maxBytes, (size + chunk.length) * 2)));
        larger.set(into.subarray(0, size));
        into = larger;
      }
      into.set(chunk, size);
      size += chunk.length;
    }
  } catch (error) {
    throw multipartError(error, maxBytes);
  }
  if (file.file.truncated) throw tooLarge(maxBytes);
  return { bytes: Buffer.from(into.buffer, 0, size), filename: file.filename };
}

/** The request's `file` part, its body not yet read; a 400 or 413 when there is none to read. */
async function filePart(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart())
    throw fieldError('file', 'Send the file as multipart/form-data, in a field named "file".');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MB) throw tooLarge(maxBytes);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { ...FIELD_LIMITS, fileSize: maxBytes }, throwFileSizeLimit: false });
  } catch (error) {
    throw multipartError(error, maxBytes);
  }
  if (!part) throw fieldError('file', 'No file was submitted.');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw fieldError('file', 'No file was submitted.');
  }
  return part;
}

function journalField(fields: MultipartFields): string | null {
  const field = fields.journal;
  if (field === undefined) return null;
  if (Array.isArray(field)) throw fieldError('journal', 'Name one journal.');
  if (field.type !== 'field' || typeof field.value !== 'string' || field.valueTruncated)
    throw fieldError('journal', 'Not a valid id.');
  const value = field.value.trim();
  return value === '' ? null : value;
}

function multipartError(error: unknown, maxBytes: number): HttpError {
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) {
    const code = (error as { code?: string }).code;
    return code === 'FST_REQ_FILE_TOO_LARGE'
      ? tooLarge(maxBytes)
      : new HttpError(413, 'too_large', 'Send one file and at most a few short fields.');
  }
  return new HttpError(400, 'parse_error', 'The upload is not valid multipart/form-data.');
}
