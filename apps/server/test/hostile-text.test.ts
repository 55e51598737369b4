import { pathOf, routes } from '@caravanserai/api';
import { createLogbook, useServer } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice'] });

/** Raw JSON text, so lone surrogates and controls reach the server exactly as a hostile client sends them. */
type Json = string;

const NUL: Json = '"a\\u0000b"';
const ESCAPE: Json = '"\\u001b]0;PWNED\\u0007\\u001b[2J"';
const DEL: Json = '"a\\u007fb"';
const LONE_SURROGATE: Json = '"a\\ud800b"';
const NEWLINE: Json = '"first line\\nsecond line"';
const NEVER_ACCEPTED = { NUL, ESCAPE, DEL, LONE_SURROGATE };

let jid: string;
let logid: string;
let wellid: string;
let profileId: string;

beforeAll(async () => {
  jid = (await t.alice.client.journals.create({ title: 'Field notes' })).jid;
  logid = (await createLogbook(t.alice.client, { title: 'Target' })).logid;
  wellid = (
    await t.alice.client.wells.create({
      title: 'Well',
      AUTH_MODEL_KEY: 'sk-test-0123456789',
      origin_loc: 'openai/gpt-4o-mini',
    })
  ).wellid;
  profileId = (await t.alice.client.mapperProfiles.create({})).id;
});

/** A JSON body with one field replaced by raw JSON text. */
function bodyWith(base: Record<string, unknown>, field: string, raw: Json): string {
  const marker = '"__HOSTILE__"';
  const [top, inner] = field.split('.');
  const value = inner ? { ...(base[top!] as object), [inner]: '__HOSTILE__' } : '__HOSTILE__';
  return JSON.stringify({ ...base, [top!]: value }).replace(marker, raw);
}

async function send(method: string, path: string, body: string, token: string | null = t.alice.token) {
  const res = await t.server.http(path, { method, body, ...(token ? { token } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Everything alice has, to prove a refused request changed nothing. */
async function snapshot() {
  const c = t.alice.client;
  return JSON.stringify([
    await c.journals.list(),
    await c.logbooks.list(),
    await c.logbooks.get(logid),
    await c.wells.list(),
    await c.auth.user(),
    await c.mapperProfiles.list(),
  ]);
}

interface Case {
  method: string;
  path: () => string;
  body: () => Record<string, unknown>;
  field: string;
  /** One-line fields also refuse line breaks and tabs. */
  line: boolean;
}

const CASES: Case[] = [
  {
    method: 'POST',
    path: () => pathOf(routes.journals.create),
    body: () => ({ title: 'J' }),
    field: 'title',
    line: true,
  },
  {
    method: 'PUT',
    path: () => pathOf(routes.journals.update, { jid }),
    body: () => ({ title: 'J' }),
    field: 'title',
    line: true,
  },
  {
    method: 'PUT',
    path: () => pathOf(routes.journals.update, { jid }),
    body: () => ({ title: 'J', instructions: 'Be brief.' }),
    field: 'instructions',
    line: false,
  },
  {
    method: 'PATCH',
    path: () => pathOf(routes.journals.patch, { jid }),
    body: () => ({ instructions: 'Be brief.' }),
    field: 'instructions',
    line: false,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.logbooks.create),
    body: () => ({ title: 'L' }),
    field: 'title',
    line: true,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.logbooks.create),
    body: () => ({ title: 'L', description: 'd' }),
    field: 'description',
    line: false,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.logbooks.create),
    body: () => ({ journal: jid }),
    field: 'journal',
    line: true,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.logbooks.create),
    body: () => ({ logwell: wellid }),
    field: 'logwell',
    line: true,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.logbooks.create),
    body: () => ({ log: '' }),
    field: 'log',
    line: false,
  },
  {
    method: 'PATCH',
    path: () => pathOf(routes.logbooks.patch, { logid }),
    body: () => ({ title: 'L' }),
    field: 'title',
    line: true,
  },
  {
    method: 'PUT',
    path: () => pathOf(routes.logbooks.update, { logid }),
    body: () => ({ description: 'd' }),
    field: 'description',
    line: false,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.logbooks.updateLog, { logid }),
    body: () => ({ log: '' }),
    field: 'log',
    line: false,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.entries.write),
    body: () => ({ logid, tag: 'comment', content: 'c' }),
    field: 'content',
    line: false,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.entries.write),
    body: () => ({ logid, tag: 'comment', content: 'c', attrs: { note: 'n' } }),
    field: 'attrs.note',
    line: false,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.entries.write),
    body: () => ({ logid, tag: 'comment', content: 'c' }),
    field: 'logid',
    line: true,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.queries.submit),
    body: () => ({ logid, prompt: 'p', wellid }),
    field: 'prompt',
    line: false,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.queries.submit),
    body: () => ({ logid, prompt: 'p', wellid, context: 'c' }),
    field: 'context',
    line: false,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.queries.submit),
    body: () => ({ logid, prompt: 'p', wellid }),
    field: 'wellid',
    line: true,
  },
  {
    method: 'POST',
    path: () => pathOf(routes.queries.cancel),
    body: () => ({ logid, qid: 'q1' }),
    field: 'logid',
    line: true,
  },
  ...(['title', 'AUTH_MODEL_KEY', 'origin_loc', 'model_url'] as const).map(
    (field): Case => ({
      method: 'POST',
      path: () => pathOf(routes.wells.create),
      body: () => ({ title: 'W', AUTH_MODEL_KEY: 'sk-x-0123456789', origin_loc: 'openai/gpt-4o-mini' }),
      field,
      line: true,
    }),
  ),
  {
    method: 'PUT',
    path: () => pathOf(routes.wells.update, { wellid }),
    body: () => ({ title: 'W' }),
    field: 'title',
    line: true,
  },
  {
    method: 'PATCH',
    path: () => pathOf(routes.auth.updateUser),
    body: () => ({ location: 'Here' }),
    field: 'location',
    line: true,
  },
  {
    method: 'PATCH',
    path: () => pathOf(routes.auth.updateUser),
    body: () => ({ instructions: 'Be brief.' }),
    field: 'instructions',
    line: false,
  },
  {
    method: 'PUT',
    path: () => pathOf(routes.mapperProfiles.update, { id: profileId }),
    body: () => ({ background_color: '#000000' }),
    field: 'background_color',
    line: true,
  },
];

describe('control characters in a signed-in request body', () => {
  for (const c of CASES) {
    it(`${c.method} ${c.path.toString().replace(/^\(\) => /, '')}: ${c.field} refused with a 400 naming it`, async () => {
      const before = await snapshot();
      const bad: Record<string, Json> = { ...NEVER_ACCEPTED, ...(c.line ? { NEWLINE } : {}) };
      for (const [name, raw] of Object.entries(bad)) {
        const answer = await send(c.method, c.path(), bodyWith(c.body(), c.field, raw));
        expect(answer.status, `${name} in ${c.field}`).toBe(400);
        expect(Object.keys(answer.body), `${name} in ${c.field}`).toContain(c.field);
      }
      expect(await snapshot()).toBe(before);
    });
  }

  it('multi-line fields keep tabs and line breaks', async () => {
    const created = await t.alice.client.logbooks.create({
      title: '  Trimmed title  ',
      description: 'line one\n\tline two\r\n',
    });
    expect(created.title).toBe('Trimmed title');
    expect(created.description).toBe('line one\n\tline two\r\n');
    const tagged = await t.alice.client.entries.write({
      logid: created.logid,
      tag: 'comment',
      content: 'a\n\tb',
    });
    expect(tagged.index).toBe(0);
  });

  it('refuses a log whose entries carry a DEL by character reference', async () => {
    const before = await snapshot();
    const log = '<logbook><comment>a&#127;b</comment></logbook>';
    const answer = await send('POST', pathOf(routes.logbooks.updateLog, { logid }), JSON.stringify({ log }));
    expect(answer.status).toBe(400);
    expect(answer.body.log).toEqual([expect.stringContaining('U+007F')]);
    expect(await snapshot()).toBe(before);
  });

  it('names the character that was refused', async () => {
    const answer = await send('POST', pathOf(routes.journals.create), bodyWith({}, 'title', NUL));
    expect(answer.body).toEqual({ title: ['Null characters are not allowed.'] });
    const withEscape = await send('POST', pathOf(routes.journals.create), bodyWith({}, 'title', ESCAPE));
    expect(withEscape.body.title).toEqual(['Control character U+001B at position 0 is not allowed.']);
  });
});

describe('control characters from a signed-out caller', () => {
  it('login and registration refuse them with a 400 naming the field', async () => {
    for (const raw of [...Object.values(NEVER_ACCEPTED), NEWLINE]) {
      const login = await send(
        'POST',
        pathOf(routes.auth.login),
        `{"username": ${raw}, "password": "whatever-pass"}`,
        null,
      );
      expect(login.status).toBe(400);
      expect(Object.keys(login.body)).toContain('username');
      const password = await send(
        'POST',
        pathOf(routes.auth.login),
        `{"username": "alice", "password": ${raw}}`,
        null,
      );
      expect(password.status).toBe(400);
      expect(Object.keys(password.body)).toContain('password');
      const registration = await send(
        'POST',
        pathOf(routes.auth.register),
        `{"username": ${raw}, "password1": "long-enough-9", "password2": "long-enough-9"}`,
        null,
      );
      expect(registration.status).toBe(400);
      expect(Object.keys(registration.body)).toContain('username');
    }
  });

  it('paths naming ids that cannot exist are 404', async () => {
    const paths = [
      pathOf(routes.profiles.get, { username: 'a\u0000b' }), // /u/a%00b/
      pathOf(routes.profiles.get, { username: 'a\u001bb' }), // /u/a%1Bb/
      pathOf(routes.logbooks.get, { logid: 'a\u0000b' }),
      pathOf(routes.logbooks.version, { logid: 'a\u0000b' }),
    ];
    for (const path of paths) {
      for (const token of [null, t.alice.token]) {
        const res = await t.server.http(path, token ? { token } : {});
        expect(res.status, path).toBe(404);
      }
    }
  });

  it('a path that is not valid UTF-8 is a 400', async () => {
    // Literal: these bytes (a lone surrogate) are no string pathOf could encode.
    const res = await t.server.http('/journals/logbooks/%ED%A0%80/');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('control characters in a signed-in path', () => {
  it('are 404 on every route with an id in its path', async () => {
    const bad = 'a\u0000b'; // sent as a%00b
    const requests: [string, string][] = [
      ['GET', pathOf(routes.journals.get, { jid: bad })],
      ['DELETE', pathOf(routes.journals.remove, { jid: bad })],
      ['GET', pathOf(routes.wells.get, { wellid: bad })],
      ['DELETE', pathOf(routes.wells.remove, { wellid: bad })],
      ['POST', pathOf(routes.logbooks.touch, { logid: bad })],
      ['POST', pathOf(routes.logbooks.fork, { logid: bad })],
      ['DELETE', pathOf(routes.logbooks.remove, { logid: bad })],
      ['GET', pathOf(routes.download.mapperPackage, { filename: bad })],
    ];
    for (const [method, path] of requests) {
      const res = await t.server.http(path, { method, token: t.alice.token });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const put = await t.server.http(pathOf(routes.mapperProfiles.update, { id: bad }), {
      method: 'PUT',
      token: t.alice.token,
      body: JSON.stringify({ font_size: 12 }),
    });
    expect(put.status).toBe(404);
  });
});
