import { fail } from '../command-error.js';
import { fetchLogbook } from '../logbooks.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

export const curl: CommandSpec = {
  name: 'curl',
  summary: 'Downloads a logbook as {logid}.xml (printed when the host cannot save files).',
  usage: '-l LOGID',
  options: [
    { name: 'logid', short: 'l', value: 'LOGID', required: true, summary: 'the logbook to download' },
  ],
  examples: [{ line: 'curl -l LOGID', note: 'saves LOGID.xml' }],
  async run(env, args) {
    const logid = args.get('logid') ?? '';
    const logbook = await fetchLogbook(env, logid, M.downloadFailed);
    // The name comes from the server's answer: keep it a plain file name, never a path.
    const name = `${logbook.logid.replace(/[^\w-]/g, '_')}.xml`;
    if (!env.host.saveFile) {
      env.io.write(logbook.log.endsWith('\n') ? logbook.log : `${logbook.log}\n`);
      return;
    }
    try {
      await env.host.saveFile(name, logbook.log, 'application/xml');
    } catch {
      fail(M.downloadFailed);
    }
    writeLines(env.io, `Saved ${name}`);
  },
};
