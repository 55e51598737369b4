import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathOf, routes } from '@caravanserai/api';
import { parseLog, serializeLog } from '@caravanserai/logbook';
import autocannon from 'autocannon';
import { logbookWith, sampleEntries, signUp } from './api.js';
import { freePort, startProcess, stopProcess } from './processes.js';
import type { Figure } from './results.js';

const CONNECTIONS = 10;
const DURATION_S = 8;

/** Appends one entry per request at 10 and at 10,000 entries: the cost must not grow with the log. */
export async function appendScenario(baseUrl: string): Promise<Figure[]> {
  const api = await signUp(baseUrl);
  const measure = async (count: number) => {
    const logid = await logbookWith(api, count, `append at ${count}`);
    const result = await autocannon({
      url: `${baseUrl}${pathOf(routes.entries.write)}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${api.token}` },
      body: JSON.stringify({ logid, tag: 'comment', content: 'A note appended by the benchmark.' }),
      connections: CONNECTIONS,
      amount: 2000,
    });
    if (result.non2xx || result.errors)
      throw new Error(`append at ${count}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  };
  const small = await measure(10);
  const large = await measure(10_000);
  const ratio = large.latency.mean / small.latency.mean;
  return [
    {
      name: 'Append at 10 entries (mean latency, req/s)',
      value: `${small.latency.mean.toFixed(2)} ms, ${Math.round(small.requests.average)} req/s`,
      budget: '',
      ok: null,
    },
    {
      name: 'Append at 10,000 entries (mean latency, req/s)',
      value: `${large.latency.mean.toFixed(2)} ms, ${Math.round(large.requests.average)} req/s`,
      budget: '',
      ok: null,
    },
    {
      name: 'Append cost ratio, 10,000 vs 10 entries',
      value: ratio.toFixed(2),
      budget: '<= 1.5',
      ok: ratio <= 1.5,
    },
  ];
}

/** GET of a 1,000-entry logbook against a bare Fastify route serving the same JSON from memory. */
export async function getScenario(baseUrl: string, workDir: string): Promise<Figure[]> {
  const api = await signUp(baseUrl);
  const logid = await logbookWith(api, 1000, 'read me');
  const url = `${baseUrl}${pathOf(routes.logbooks.get, { logid })}`;
  const bodyFile = join(workDir, 'logbook.json');
  writeFileSync(bodyFile, await (await fetch(url)).text());

  const port = freePort();
  const bare = await startProcess(
    join(import.meta.dirname, 'bare-server.ts'),
    { BENCH_BODY_FILE: bodyFile },
    port,
  );
  try {
    const run = (target: string) =>
      autocannon({ url: target, connections: CONNECTIONS, duration: DURATION_S });
    const ours = await run(url);
    const baseline = await run(`http://127.0.0.1:${port}/logbook`);
    const ratio = ours.requests.average / baseline.requests.average;
    return [
      {
        name: 'GET 1,000-entry logbook (req/s, p99)',
        value: `${Math.round(ours.requests.average)} req/s, p99 ${ours.latency.p99} ms`,
        budget: '',
        ok: null,
      },
      {
        name: 'Bare Fastify route, same JSON (req/s, p99)',
        value: `${Math.round(baseline.requests.average)} req/s, p99 ${baseline.latency.p99} ms`,
        budget: '',
        ok: null,
      },
      {
        name: 'GET throughput vs bare route',
        value: `${(ratio * 100).toFixed(0)} %`,
        budget: '>= 50 %',
        ok: ratio >= 0.5,
      },
    ];
  } finally {
    await stopProcess(bare);
  }
}

/** Serialising (and parsing back) a 100,000-entry log, in process: the export path. */
export function xmlScenario(): Figure[] {
  const entries = sampleEntries(100_000);
  const time = (fn: () => unknown) => {
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      fn();
      samples.push(performance.now() - start);
    }
    return samples.sort((a, b) => a - b)[2]!;
  };
  let xml = '';
  const serialise = time(() => {
    xml = serializeLog(entries);
  });
  const parse = time(() => parseLog(xml));
  return [
    {
      name: 'XML export of 100,000 entries (median of 5)',
      value: `${serialise.toFixed(0)} ms (${(xml.length / 1e6).toFixed(1)} MB)`,
      budget: '< 1000 ms',
      ok: serialise < 1000,
    },
    { name: 'XML parse of the same 100,000 entries', value: `${parse.toFixed(0)} ms`, budget: '', ok: null },
  ];
}
