import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The yardstick: a bare Fastify route returning the same JSON from memory (parsed once, serialised
 * per request like any route), with nothing else registered.
 */
const body: unknown = JSON.parse(readFileSync(process.env.BENCH_BODY_FILE ?? '', 'utf8'));
const app = Fastify();
app.get('/logbook', async () => body);
app.get('/', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
