import type { Entry } from '@caravanserai/logbook';

interface ExampleLogbook {
  title: string;
  description: string;
  entries: Entry[];
}

const q = (qid: string, content: string): Entry => ({ tag: 'query', attrs: { qid }, content });
const g = (qid: string, content: string): Entry => ({ tag: 'gen', attrs: { qid }, content });
const e = (tag: Entry['tag'], content: string): Entry => ({ tag, attrs: {}, content });

/** Three worked examples shown on /examples: salted, so visitors can read and fork them. */
export const EXAMPLES: Record<string, ExampleLogbook> = {
  'example-first-journey': {
    title: 'First Journey: context, queries and answers',
    description:
      'How a logbook works: a context entry sets the scene, queries go to the well, answers come back as gen entries.',
    entries: [
      e('comment', 'Comments are notes for you. They are kept in the logbook but never sent to the AI.'),
      e(
        'context',
        'You are a patient travel planner. Answer in short lists. Prices in euros. Say when something is an estimate.',
      ),
      q(
        'fj7k2m9a',
        'I have four days in Uzbekistan in late April. Which cities should I see, and in what order?',
      ),
      g(
        'fj7k2m9a',
        [
          'A classic four-day loop by high-speed train (Afrosiyob):',
          '',
          '1. **Day 1 – Tashkent**: arrive, Chorsu Bazaar, the metro stations, Khast Imam complex.',
          '2. **Day 2 – Samarkand** (about 2 h 10 min by train): Registan at sunset, Gur-e-Amir.',
          '3. **Day 3 – Samarkand**: Shah-i-Zinda in the morning, Bibi-Khanym, Siab Bazaar.',
          '4. **Day 4 – Bukhara** (about 1 h 40 min): Po-i-Kalyan, the Ark, Lyab-i Hauz in the evening.',
          '',
          'Late April is a good time: days around 25 °C. Book train seats a few days ahead (estimate: 15–30 € per leg).',
        ].join('\n'),
      ),
      q('fj7k2m9b', 'Which of those stops would you drop if I only had three days?'),
      g(
        'fj7k2m9b',
        'Drop the full day in Tashkent: land, take the evening train straight to Samarkand, and keep Bukhara. ' +
          'Tashkent is a modern capital; the two older cities are why most people come.',
      ),
      e(
        'comment',
        'Tip: switch Memory on in the shell (`memory on`) and the whole conversation is sent with each query, ' +
          'so follow-up questions like the one above keep their meaning.',
      ),
    ],
  },
  'example-code-review': {
    title: 'Code review with a Well',
    description: 'Code entries hold the snippet under review; the context keeps the reviewer focused.',
    entries: [
      e(
        'context',
        'You are a careful TypeScript reviewer. Point out bugs first, then risks, then style. Quote the line you mean.',
      ),
      e(
        'code',
        [
          'export async function fetchAll(urls: string[]) {',
          '  const results = [];',
          '  urls.forEach(async (url) => {',
          '    const res = await fetch(url);',
          '    results.push(await res.json());',
          '  });',
          '  return results;',
          '}',
        ].join('\n'),
      ),
      q('cr3x8p1d', 'Review the function above. Why does it return an empty array?'),
      g(
        'cr3x8p1d',
        [
          '**Bug:** `urls.forEach(async (url) => …)` does not wait for the async callbacks. `forEach` ignores the',
          'promises they return, so `return results` runs before any fetch finishes and the array is empty.',
          '',
          '**Fix:** map to promises and await them together:',
          '',
          '```ts',
          'export async function fetchAll(urls: string[]): Promise<unknown[]> {',
          '  return Promise.all(urls.map(async (url) => {',
          '    const res = await fetch(url);',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: this line is TypeScript shown in the example
          '    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);',
          '    return res.json();',
          '  }));',
          '}',
          '```',
          '',
          '**Risks:** no status check (a 404 page would be parsed as JSON) and no limit on parallel requests.',
        ].join('\n'),
      ),
      e('comment', 'Applied the fix; added a concurrency limit of 5 with a small queue.'),
    ],
  },
  'example-mirage-hunt': {
    title: 'Marking a mirage',
    description:
      'A wrong answer is marked as a mirage: it stays in the record but is never sent back to the AI as context.',
    entries: [
      e('context', 'Answer history questions briefly and give the year for every event you mention.'),
      q('mh5t0w2e', 'When was the caravanserai of Rabat-i Malik built, and by whom?'),
      {
        tag: 'mirage',
        attrs: { qid: 'mh5t0w2e' },
        content: 'It was built in 1405 by Timur, on his way back from his campaign in India.',
      },
      e(
        'comment',
        'Mirage: Timur died in February 1405 and never built it. Rabat-i Malik is much older (Karakhanid period). ' +
          'Marked with the M button so this answer is not fed back to the well.',
      ),
      q('mh5t0w2f', 'Check again: which dynasty built Rabat-i Malik, and roughly when?'),
      g(
        'mh5t0w2f',
        'Rabat-i Malik, on the road between Bukhara and Samarkand, was built by the Karakhanid ruler ' +
          'Shams al-Mulk Nasr around 1068–1080. Only its monumental entrance portal survives.',
      ),
      e(
        'comment',
        'Good practice: keep the mirage, do not delete it. The logbook then shows where the model went wrong.',
      ),
    ],
  },
};
