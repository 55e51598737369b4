import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface Figure {
  name: string;
  value: string;
  budget: string;
  ok: boolean | null;
}

const HEADER = `# Benchmark results

Written by \`npm run bench\` (tools/bench). Newest run first; budgets in docs/ARCHITECTURE.md.
Figures vary with the machine and its load: compare runs on the same machine.
`;

/** Puts this run's table at the top of bench/RESULTS.md, keeping earlier runs below it. */
export function recordResults(
  file: string,
  machine: string,
  figures: readonly Figure[],
  notes: string[],
): string {
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const rows = figures.map(
    (f) => `| ${f.name} | ${f.value} | ${f.budget} | ${f.ok === null ? '—' : f.ok ? 'yes' : '**no**'} |`,
  );
  const section = [
    `## ${date} UTC`,
    '',
    `Machine: ${machine}`,
    '',
    '| Measure | Result | Budget | Within |',
    '|---|---|---|---|',
    ...rows,
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  const previous = existsSync(file) ? readFileSync(file, 'utf8').replace(HEADER, '').trimStart() : '';
  writeFileSync(file, `${`${HEADER}\n${section}\n${previous}`.trimEnd()}\n`);
  return section;
}
