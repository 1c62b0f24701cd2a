import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    response: z.object({ status: z.literal('ok') }),
    access: 'public',
    summary: 'The process is up.',
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    response: z.object({ status: z.literal('ok'), database: z.string() }),
    access: 'public',
    summary: 'The database answers too (503 while it does not).',
  }),
};
