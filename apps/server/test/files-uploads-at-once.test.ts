import { type ClientRequest, request as httpRequest } from 'node:http';
import type { ApiClient } from '@caravanserai/api';
import { createLogbook, type SignedIn, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { UPLOADS_AT_ONCE } from '../src/modules/files/files.service.js';

const t = useServer({ users: ['alice', 'bob'] });

const upload = (client: ApiClient, logid: string, bytes: Uint8Array, name: string) =>
  client.files.upload(logid, new Blob([bytes]), name);

/** How long the held uploads may take to reach the server: a bound, not an expectation. */
const DEADLINE_MS = 20_000;

const BOUNDARY = 'heldBoundary';
const HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="held.txt"\r\nContent-Type: text/plain\r\n\r\n`;
const TAIL = `held text\r\n--${BOUNDARY}--\r\n`;

interface Held {
  /** The status it is answered with. */
  answered: Promise<{ status: number; body: string }>;
  /** Sends the rest of its body. */
  finish(): void;
  request: ClientRequest;
}

/** An upload whose body stops halfway, until `finish`. */
function held(user: SignedIn, logid: string): Held {
  const url = new URL(`${t.server.baseUrl}/journals/logbooks/${logid}/files/`);
  const request = httpRequest(url, {
    method: 'POST',
    headers: {
      authorization: `Token ${user.token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': Buffer.byteLength(HEAD + TAIL),
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  // A failure after the test ended (its socket destroyed) is no failure of the test.
  answered.catch(() => {});
  request.write(HEAD);
  return { answered, finish: () => request.end(TAIL), request };
}

/** Waits until the server says the user has `count` uploads under way. */
async function underWay(user: SignedIn, count: number): Promise<void> {
  const { uploads } = t.server.app.services.files;
  const until = Date.now() + DEADLINE_MS;
  while (uploads.underWay(user.pk) !== count) {
    if (Date.now() > until) throw new Error(`${uploads.underWay(user.pk)} uploads under way, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('uploads of one user at once', () => {
  it(`takes ${UPLOADS_AT_ONCE} at a time and answers 429 to one more before reading its body; others’ go on`, async () => {
    expect(UPLOADS_AT_ONCE).toBe(6);
    const logbook = await createLogbook(t.alice.client, {});
    const all: Held[] = [];
    try {
      const six = Array.from({ length: 6 }, () => held(t.alice, logbook.logid));
      all.push(...six);
      await underWay(t.alice, 6);

      // A seventh whose body is never finished: answered all the same, so its body was not waited for.
      const seventh = held(t.alice, logbook.logid);
      all.push(seventh);
      const refused = await seventh.answered;
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({
        detail: 'Too many uploads at once: wait for one to finish, then send the next.',
        code: 'throttled',
      });
      // Sent whole through the client, the same.
      await expect(
        upload(t.alice.client, logbook.logid, Buffer.from('one more'), 'x.txt'),
      ).rejects.toMatchObject({
        status: 429,
        body: { code: 'throttled' },
      });
      expect(t.server.app.services.files.uploads.underWay(t.alice.pk)).toBe(6);

      // Someone else's upload is not held up.
      const bobs = await createLogbook(t.bob.client, {});
      expect(await upload(t.bob.client, bobs.logid, Buffer.from('mine'), 'b.txt')).toMatchObject({
        name: 'b.txt',
      });

      for (const one of six) one.finish();
      expect((await Promise.all(six.map((one) => one.answered))).map((a) => a.status)).toEqual([
        201, 201, 201, 201, 201, 201,
      ]);
      await underWay(t.alice, 0);
      expect(await upload(t.alice.client, logbook.logid, Buffer.from('and now'), 'y.txt')).toMatchObject({
        name: 'y.txt',
      });
    } finally {
      // Nothing left open, so the server closes.
      for (const one of all) one.request.destroy();
    }
  });

  it('frees the place of an upload refused, or cut off, for the next', async () => {
    const logbook = await createLogbook(t.alice.client, {});
    const others = await createLogbook(t.bob.client, {});
    // Refused before its body is read (another's private logbook), seven times over: no place kept.
    for (let n = 0; n < 7; n++) {
      await expect(upload(t.alice.client, others.logid, Buffer.from('x'), 'x.txt')).rejects.toMatchObject({
        status: 404,
      });
    }
    const cut = held(t.alice, logbook.logid);
    try {
      await underWay(t.alice, 1);
    } finally {
      cut.request.destroy();
    }
    await underWay(t.alice, 0);
    expect(await upload(t.alice.client, logbook.logid, Buffer.from('fine'), 'f.txt')).toMatchObject({
      name: 'f.txt',
    });
  });
});
