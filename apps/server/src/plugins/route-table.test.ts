import { defineRoute } from '@caravanserai/api';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, NotFound } from '../errors.js';
import { registerErrorHandler } from './errors.js';
import { addRoute, onlyContractRoutes, UNDECLARED_ERROR } from './route-table.js';

const Visible = z.object({ name: z.string() });

const read = defineRoute({
  method: 'GET',
  path: '/things/:id/',
  params: z.object({ id: z.string().max(3) }),
  response: { 200: Visible },
  errors: ['invalid'],
});
const make = defineRoute({
  method: 'POST',
  path: '/things/',
  body: Visible,
  response: { 201: Visible },
  errors: ['invalid'],
});
const drop = defineRoute({ method: 'DELETE', path: '/things/:id/', response: { 204: null }, errors: [] });

let app: FastifyInstance;
afterEach(() => app.close());

function fresh(): FastifyInstance {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe('addRoute', () => {
  it('sends only the fields the contract names, whatever the handler returns', async () => {
    addRoute(fresh(), read, {}, async (request) => {
      const row = { name: `thing ${request.params.id}`, password_hash: 'secret', owner_id: 7 };
      return row;
    });
    const response = await app.inject({ method: 'GET', url: '/things/abc/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'thing abc' });
    expect(response.body).not.toContain('secret');
  });

  it('validates params and body with the contract and answers its first success status', async () => {
    addRoute(fresh(), read, {}, async (request) => ({ name: request.params.id }));
    addRoute(app, make, {}, async (request) => ({ name: request.body.name }));
    addRoute(app, drop, {}, async () => {});
    expect((await app.inject({ method: 'GET', url: '/things/toolong/' })).statusCode).toBe(400);
    const made = await app.inject({ method: 'POST', url: '/things/', payload: { name: 'new' } });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ name: 'new' });
    expect((await app.inject({ method: 'POST', url: '/things/', payload: { name: 1 } })).statusCode).toBe(
      400,
    );
    const dropped = await app.inject({ method: 'DELETE', url: '/things/abc/' });
    expect(dropped.statusCode).toBe(204);
    expect(dropped.body).toBe('');
  });

  it('refuses an answer that breaks the contract instead of sending it', async () => {
    addRoute(fresh(), read, {}, async () => ({ name: 42 }) as unknown as { name: string });
    expect((await app.inject({ method: 'GET', url: '/things/abc/' })).statusCode).toBe(500);
  });
});

describe('onlyContractRoutes', () => {
  it('refuses a route written outside the contract', async () => {
    onlyContractRoutes(fresh());
    addRoute(app, read, {}, async () => ({ name: 'x' }));
    expect(() => app.get('/elsewhere/', async () => ({}))).toThrow(/not a route of the contract/);
  });
});

describe('reportIfUndeclared', () => {
  it('warns of an error code the route does not declare, and of none it does or any route may answer', async () => {
    const warnings: { msg?: string; route?: string; code?: string }[] = [];
    app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => warnings.push(JSON.parse(line)) } },
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    addRoute(app, read, {}, async (request) => {
      if (request.params.id === 'nf') throw NotFound();
      if (request.params.id === 'bad') throw new HttpError(400, 'invalid', 'Declared.');
      throw new HttpError(413, 'too_large', 'Too large.');
    });
    addRoute(app, make, {}, async (request) => request.body);
    expect((await app.inject({ method: 'GET', url: '/things/big/' })).statusCode).toBe(413);
    expect((await app.inject({ method: 'GET', url: '/things/bad/' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/things/', payload: { name: 7 } })).statusCode).toBe(
      400,
    );
    expect(warnings).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/things/nf/' })).statusCode).toBe(404);
    expect(warnings).toMatchObject([{ msg: UNDECLARED_ERROR, route: 'GET /things/:id/', code: 'not_found' }]);
  });
});
