import { z } from './zod';
import { endpoint } from './endpoint';

/** What runs: the release's version and the last migration of its schema (`0000_baseline`). */
const release = { version: z.string(), schema: z.string() };

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    response: z.object({ status: z.literal('ok'), ...release }),
    access: 'public',
    reads: ['server'],
    summary: 'The process is up.',
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    response: z.object({
      status: z.literal('ok'),
      ...release,
      database: z.string(),
      /** Each read replica; one down or lagging only takes it out of use, so the instance stays ready. */
      replicas: z.array(
        z.object({ name: z.string(), status: z.enum(['ok', 'lagging', 'down']), lagMs: z.number().nullable() }),
      ),
    }),
    access: 'public',
    reads: ['server'],
    summary: 'The primary database answers too (503 while it does not); each read replica is reported.',
  }),
};
