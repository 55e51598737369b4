import { pathOf, routes } from '@caravanserai/api';
import { useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice'] });

describe('API answers', () => {
  it('are never stored by a browser, errors included (a 404 or 410 would otherwise be kept)', async () => {
    const answers = [
      await t.server.http(pathOf(routes.auth.user), { token: t.alice.token }),
      await t.server.http(pathOf(routes.bazaar.get, { slug: 'no-such-listing' })),
      await t.server.http('/journals/logbooks/nosuchlogbook/'),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 404, 404]);
    for (const res of answers) expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
