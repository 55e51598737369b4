import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors.js';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { receiveBytes, uploadRoutes } from '../imports/upload.js';

/**
 * `POST /journals/logbooks/{logid}/files/` and `GET /files/{file_id}/` (DESIGN 3a). A file is
 * served as the type read from its bytes, never sniffed, never run: images inline, everything else
 * as a download, all in a sandbox.
 */
export async function fileRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { files } = services;
  await uploadRoutes(app, { dir: '', maxBytes: files.limits.maxBytes }, (scope) => {
    addRoute(scope, routes.files.upload, signedIn, async (request, reply) => {
      const user = requireUser(request);
      const { logid } = request.params;
      const uploaded = await files.oneOfTheirUploads(user, async () => {
        await files.checkUpload(user, logid);
        const { bytes, filename } = await receiveBytes(request, files.limits.maxBytes);
        return files.upload(user, logid, bytes, filename);
      });
      return reply.code(201).send(uploaded);
    });
  });

  addRoute(app, routes.files.get, {}, async (request, reply) => {
    const file = await files.readable(request.user, request.params.file_id);
    // The bytes never change under an id: a copy the browser holds is as good as a new one.
    const etag = `"${file.sha256}"`;
    reply.header('etag', etag).header('cache-control', 'private, max-age=86400');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = await files.bytesOf(file);
    if (bytes === undefined) throw NotFound('File not found.');
    const inline = file.kind === 'image';
    return reply
      .type(file.kind === 'text' ? `${file.media_type}; charset=utf-8` : file.media_type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .header('content-disposition', disposition(inline ? 'inline' : 'attachment', file.name))
      .send(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}

/** A Content-Disposition naming the file: an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]|["\\%]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
