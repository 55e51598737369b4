import { pathOf, routes } from '@caravanserai/api';
import sharp from 'sharp';
import { signUp } from './api.js';
import type { Figure } from './results.js';

const MB = 1024 * 1024;
const ROUNDS = 3;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Files just under the 20 MB limit: text (read and checked as UTF-8) and a photo-sized PNG. */
async function largeFiles(): Promise<[string, Buffer][]> {
  const line = 'The caravan left the well at dawn, 漢字 and all, carrying salt and news. ';
  const text = Buffer.from(line.repeat(Math.floor((19.5 * MB) / Buffer.byteLength(line))));
  // Noise does not compress: about 3 bytes a pixel, so 2,500 x 2,500 is about 19 MB.
  const image = await sharp({
    create: {
      width: 2500,
      height: 2500,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return [
    ['notes.txt', text],
    ['photo.png', image],
  ];
}

/**
 * While one user uploads files of nearly 20 MB (FILE_MAX_MB) again and again, another reads a small
 * logbook every 5 ms: how long that read waits tells whether an upload (received, typed, hashed,
 * stored) holds up everyone else.
 */
export async function uploadScenario(baseUrl: string): Promise<Figure[]> {
  const uploader = await signUp(baseUrl);
  const reader = await signUp(baseUrl);
  const target = await uploader.logbooks.create({ title: 'uploads' });
  const small = await reader.logbooks.create({
    title: 'unrelated',
    log: '<logbook><comment>hi</comment></logbook>',
  });
  const files = await largeFiles();
  // Every body is made before the reads begin: making 20 MB here would stall this process's own
  // reads and be counted against the server.
  const bodies: [string, Blob][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, bytes] of files) {
      // A different file each round, so each is stored rather than found again.
      const varied = Buffer.from(bytes);
      varied.write(String(round).padStart(4, '0'), name.endsWith('.png') ? varied.length - 16 : 0);
      bodies.push([name, new Blob([varied])]);
    }
  }
  const readUrl = `${baseUrl}${pathOf(routes.logbooks.get, { logid: small.logid })}`;
  const uploadUrl = `${baseUrl}${pathOf(routes.files.upload, { logid: target.logid })}`;

  let uploading = true;
  const latencies: number[] = [];
  const reads = (async () => {
    while (uploading) {
      const start = performance.now();
      const res = await fetch(readUrl, { headers: { authorization: `Token ${reader.token}` } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`unrelated GET answered ${res.status}`);
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const uploadTimes: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, bytes] of files) {
        // A different file each round, so each is stored rather than found again.
        const body = new FormData();
        const varied = Buffer.concat([
          bytes.subarray(0, bytes.length - 8),
          Buffer.from(`round-${round}`).subarray(0, 8),
        ]);
        body.append('file', new Blob([name.endsWith('.png') ? bytes : varied]), name);
        const start = performance.now();
        const res = await fetch(uploadUrl, {
          method: 'POST',
          headers: { authorization: `Token ${uploader.token}` },
          body,
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`an upload of ${name} answered ${res.status}`);
        uploadTimes.push(performance.now() - start);
      }
    }
  } finally {
    uploading = false;
    await reads;
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const sizes = files.map(([name, bytes]) => `${name} ${(bytes.length / MB).toFixed(1)} MB`).join(', ');
  return [
    {
      name: `Unrelated GET while another user uploads ${ROUNDS * files.length} files (${sizes}), p50 / p99 / max`,
      value: `${percentile(sorted, 50).toFixed(1)} / ${p99.toFixed(1)} / ${sorted.at(-1)?.toFixed(1)} ms (${sorted.length} reads)`,
      budget: 'p99 < 100 ms',
      ok: p99 < 100,
    },
    {
      name: 'Upload of a file near 20 MB, median',
      value: `${((uploadTimes.sort((a, b) => a - b)[Math.floor(uploadTimes.length / 2)] ?? 0) / 1000).toFixed(2)} s`,
      budget: '',
      ok: null,
    },
  ];
}
