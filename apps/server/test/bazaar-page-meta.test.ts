import { useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { published } from './bazaar-helpers.js';
import { caravanWith } from './caravans-helpers.js';

const t = useServer({ users: ['alice', 'bob'] });

/** The HTML the server sends for a page, as a link preview reads it (signed out, no script run). */
async function page(path: string, status = 200): Promise<string> {
  const res = await fetch(`${t.server.origin}${path}`);
  expect(res.status).toBe(status);
  return res.text();
}

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

describe('a listing page’s HTML', () => {
  it('carries its title, summary and Open Graph tags, escaped, for every version', async () => {
    const { listing } = await published(t.alice.client, {
      title: 'Caravans & <camels>',
      summary: 'Which "road" to Merv?',
    });
    for (const path of [listing.url, `${listing.url}/v/1`]) {
      const html = await page(path);
      expect(html).toContain('<title>Caravans &amp; &lt;camels&gt; · Caravanserai Bazaar</title>');
      expect(meta(html, 'og:title')).toBe('Caravans &amp; &lt;camels&gt; · Caravanserai Bazaar');
      expect(meta(html, 'og:description')).toBe('Which &quot;road&quot; to Merv?');
      expect(meta(html, 'description')).toBe('Which &quot;road&quot; to Merv?');
      expect(meta(html, 'robots')).toBeUndefined();
    }
  });

  it('says nothing of a caravan’s listing, nor of a withdrawn one (410, as its API), and asks not to be indexed', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const inCaravan = await published(t.alice.client, {
      title: 'Caravan secrets',
      summary: 'Members only.',
      caravan: caravan.caravan_id,
    });
    const gone = await published(t.alice.client, { title: 'Withdrawn notes', summary: 'Soon gone.' });
    await t.alice.client.bazaar.withdraw(gone.listing.listing_id);
    const pages: [string, number][] = [
      [inCaravan.listing.url, 200],
      [gone.listing.url, 410],
      [`${gone.listing.url}/v/1`, 410],
      ['/bazaar/no-such-listing-abcdef', 200],
    ];
    for (const [url, status] of pages) {
      const html = await page(url, status);
      expect(html).not.toContain('Caravan secrets');
      expect(html).not.toContain('Members only');
      expect(html).not.toContain('Withdrawn notes');
      expect(meta(html, 'robots')).toBe('noindex');
    }
  });

  it('leaves the app’s other pages as they are', async () => {
    const html = await page('/logbooks/');
    expect(meta(html, 'og:title')).toBeUndefined();
    expect(meta(html, 'robots')).toBeUndefined();
    expect(meta(await page('/bazaar/'), 'og:title')).toBe('The Bazaar · Caravanserai');
  });
});
