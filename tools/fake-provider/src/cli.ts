import { parseArgs } from 'node:util';
import { startFakeProvider } from './server';

/**
 * `node --import tsx tools/fake-provider/src/cli.ts [--port 11435] [--host 127.0.0.1] [--no-auth]
 * [--chunk-delay-ms 0] [--reasoning TEXT]`: runs the fake until interrupted, answering every request
 * with the echo reply (streamed with that pause between its pieces, and reasoning with TEXT first).
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '11435' },
    host: { type: 'string', default: '127.0.0.1' },
    'no-auth': { type: 'boolean', default: false },
    'chunk-delay-ms': { type: 'string', default: '0' },
    reasoning: { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}

const chunkDelayMs = Number(values['chunk-delay-ms']);
if (!Number.isInteger(chunkDelayMs) || chunkDelayMs < 0 || chunkDelayMs > 60_000) {
  console.error(`--chunk-delay-ms must be a whole number of milliseconds, not ${values['chunk-delay-ms']}`);
  process.exit(2);
}

const fake = await startFakeProvider({
  port,
  host: values.host,
  requireApiKey: !values['no-auth'],
  chunkDelayMs,
  ...(values.reasoning !== undefined ? { echoReasoning: values.reasoning } : {}),
});
const lines = [
  `Fake AI provider listening on ${fake.url}${values['no-auth'] ? ' (API keys not required)' : ''}`,
  '',
  'Base URLs:',
  `  OpenAI (Responses and Chat Completions)  ${fake.url}/v1`,
  `  Anthropic                                ${fake.url}/v1`,
  `  Google Gemini                            ${fake.url}/v1beta`,
  `  Mistral                                  ${fake.url}/v1`,
  `  OpenAI-compatible (e.g. Ollama)          ${fake.url}/v1`,
  '',
  `Any non-empty API key is accepted. Replies echo the last user message${values.reasoning ? ', after reasoning' : ''}.`,
  'Ctrl-C stops.',
];
console.log(lines.join('\n'));

const stop = (): void => {
  fake.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
