import { BENCH_KEY, benchWell, signUp } from './api.js';
import { firstChunkAt, percentile, timeInterleaved } from './query-scenario.js';
import type { Figure } from './results.js';

const MESSAGES = [{ role: 'user', content: 'How far is Samarkand from Bukhara?' }];

/**
 * The latency the OpenAI-compatible gateway adds over calling the provider directly: the same
 * fake provider process, the same Chat Completions body, one request at a time, direct and through
 * the gateway in turn so a drifting load weighs on both. The difference is the gateway's own work
 * (the API key, the well and its key, the caravans' admission, recording usage).
 */
export async function gatewayScenario(baseUrl: string, origin: string, fakeUrl: string): Promise<Figure[]> {
  const api = await signUp(baseUrl);
  const well = await benchWell(api, fakeUrl, 'gateway bench well');
  const { key } = await api.apiKeys.create({ name: 'bench' });
  const post = (url: string, bearer: string, model: string, stream: boolean) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ model, stream, messages: MESSAGES }),
    });
  const direct = (stream: boolean) =>
    post(`${fakeUrl}/v1/chat/completions`, BENCH_KEY, 'bench-model', stream);
  const gateway = (stream: boolean) => post(`${origin}/v1/chat/completions`, key, well.wellid, stream);
  const answered = async (response: Response) => {
    if (!response.ok) throw new Error(`gateway bench: HTTP ${response.status} ${await response.text()}`);
    await response.json();
    return undefined;
  };

  const [viaDirect, viaGateway] = (await timeInterleaved([
    async () => answered(await direct(false)),
    async () => answered(await gateway(false)),
  ])) as [number[], number[]];
  const [firstDirect, firstGateway] = (await timeInterleaved([
    async () => {
      await firstChunkAt(await direct(true));
      return undefined;
    },
    async () => {
      await firstChunkAt(await gateway(true));
      return undefined;
    },
  ])) as [number[], number[]];

  const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
  const added = percentile(viaGateway, 50) - percentile(viaDirect, 50);
  const addedP99 = percentile(viaGateway, 99) - percentile(viaDirect, 99);
  const streamed = percentile(firstGateway, 50) - percentile(firstDirect, 50);
  return [
    {
      name: 'Chat completion, provider directly vs through the gateway (p50)',
      value: `${fmt(percentile(viaDirect, 50))} vs ${fmt(percentile(viaGateway, 50))}`,
      budget: '',
      ok: null,
    },
    {
      name: 'Added latency of a gateway chat completion, p50',
      value: fmt(added),
      budget: '< 10 ms',
      ok: added < 10,
    },
    { name: 'Added latency of a gateway chat completion, p99', value: fmt(addedP99), budget: '', ok: null },
    {
      name: 'Added time to the first streamed chunk through the gateway, p50',
      value: fmt(streamed),
      budget: '',
      ok: null,
    },
  ];
}
