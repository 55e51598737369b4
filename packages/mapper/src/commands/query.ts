import type { QuerySubmit } from '@caravanserai/api';
import { attachFiles, checkAttachable } from '../attach-files.js';
import { CommandError, fail, isProviderFailure } from '../command-error.js';
import { compareAnswers, fieldRefusal, wellList } from '../compare-answers.js';
import { fetchLogbook, targetLogid } from '../logbooks.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import type { CommandSpec } from '../registry.js';

export const query: CommandSpec = {
  name: 'query',
  aliases: ['q'],
  summary: "Asks the logbook's well and prints the answer as it arrives.",
  usage: '-r "text" [-l LOGID] [-c "context"] [-f FILE]... [-w WELLID,WELLID]',
  minArgs: 2,
  options: [
    {
      name: 'text',
      short: 'r',
      value: '"text"',
      text: true,
      required: M.queryMissing,
      missingValue: M.queryMissing,
      summary: 'the query',
    },
    { name: 'logid', short: 'l', value: 'LOGID', summary: 'the logbook (default: the latest)' },
    {
      name: 'context',
      short: 'c',
      value: '"context"',
      text: true,
      summary: "the system context (default: the logbook's context entries)",
    },
    {
      name: 'file',
      short: 'f',
      long: 'file',
      value: 'FILE',
      repeatable: true,
      summary: 'a file to attach: image, PDF or text (repeat, up to 10)',
    },
    {
      name: 'wells',
      short: 'w',
      value: 'WELLID,...',
      summary: "the well to ask instead of the logbook's; 2 to 4 to compare their answers",
    },
  ],
  examples: [
    { line: 'q -r "What is a caravanserai?"', note: 'asks through the latest logbook' },
    { line: 'query -r "Summarise" -c "Be brief." -l LOGID', note: 'with a context, in a chosen logbook' },
    { line: 'q -r "Compare these" -f notes.pdf -f chart.png', note: 'with two files attached (the CLI)' },
    {
      line: 'q -r "Explain monads" -w WELLID,WELLID',
      note: 'asks two wells at once, answers stored side by side',
    },
  ],
  async run(env, args) {
    const paths = args.all('file');
    checkAttachable(env, paths);
    const logid = await targetLogid(env, args.get('logid'));
    const logbook = await fetchLogbook(env, logid, M.logbookDetailsFailed);
    const wells = wellList(args.get('wells') ?? '');
    const wellid = wells.length === 1 ? wells[0] : logbook.logwell;
    if (!wellid && wells.length < 2)
      fail(M.queryFailed, 'This logbook has no well: attach one in its settings.');
    const files = await attachFiles(env, logid, paths);
    if (files === null) return;

    const body: QuerySubmit = {
      logid,
      prompt: args.get('text') ?? '',
      shell_mode: 'QUERY',
      wellid,
    };
    if (wells.length > 1) body.wellids = wells;
    const context = args.get('context');
    if (context !== undefined) body.context = context;
    if (files.length > 0) body.files = files;

    let printed = false;
    try {
      if (body.wellids) return await compareAnswers(env, body);
      const answer = await env.api.queries.stream(body, {
        ...(env.signal ? { signal: env.signal } : {}),
        onDelta(text) {
          printed ||= text !== '';
          env.io.write(text);
        },
      });
      // Without deltas (a provider that does not stream) the stored answer is the whole text.
      if (!printed) env.io.write(answer.gen);
      env.io.write('\n');
    } catch (error) {
      if (error instanceof CommandError) throw error;
      if (printed) env.io.write('\n');
      const refusal = fieldRefusal(error);
      if (refusal) fail(M.queryFailed, refusal);
      fail(isProviderFailure(error) ? M.wellFailed : M.queryFailed);
    }
  },
};
