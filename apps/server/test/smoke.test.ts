import { EXAMPLE_LOGBOOKS } from '@caravanserai/api';
import { useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer();

describe('a fresh server', () => {
  it('serves the seeded public examples to anonymous visitors', async () => {
    for (const { logid, title } of EXAMPLE_LOGBOOKS) {
      const logbook = await t.server.client().logbooks.get(logid);
      expect(logbook.title).toBe(title);
      expect(logbook.private).toBe(false);
      expect(logbook.salted).toBe(true);
      expect(logbook.log).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<logbook version="1">/);
    }
  });

  it('signs a new user up and in', async () => {
    const alice = await t.server.signup('alice');
    const me = await alice.client.auth.user();
    expect(me.username).toBe(alice.username);
  });
});
