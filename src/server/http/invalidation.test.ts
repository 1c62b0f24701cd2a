import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from '../../contract/zod';
import { endpoint } from '../../contract/endpoint';
import { dropStaleOnWrite } from './invalidation';
import { route } from './route';
import { ActionError } from './errors';

const devicesRead = endpoint({
  method: 'GET',
  path: '/devices',
  response: z.string(),
  access: 'public',
  reads: ['devices'],
  summary: 'A read of devices.',
});
const write = (path: string, changes: ('devices' | 'feedback')[]) =>
  endpoint({ method: 'POST', path, access: 'public', changes, summary: `A write of ${changes.join(', ')}.` });
const deviceWrite = write('/devices', ['devices']);
const feedbackWrite = write('/feedback', ['feedback']);
const refusedWrite = write('/refused', ['devices']);

let app: FastifyInstance;
let dropped = 0;

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  dropStaleOnWrite(app, [{ of: [devicesRead], drop: () => dropped++ }]);
  route(app, devicesRead, () => 'devices');
  route(app, deviceWrite, () => undefined);
  route(app, feedbackWrite, () => undefined);
  route(app, refusedWrite, () => {
    throw new ActionError('No.');
  });
  await app.ready();
});
afterAll(() => app.close());

const call = async (method: 'GET' | 'POST', url: string) => {
  const before = dropped;
  await app.inject({ method, url });
  return dropped - before;
};

describe('what a write drops, from what its endpoint declares it changes', () => {
  it('drops what is kept from reads of a topic the write changes', async () => {
    expect(await call('POST', '/devices')).toBe(1);
  });

  it('keeps it through a read, a write of other topics, and a refused write', async () => {
    expect(await call('GET', '/devices')).toBe(0);
    expect(await call('POST', '/feedback')).toBe(0);
    expect(await call('POST', '/refused')).toBe(0);
  });
});
