import { z } from './zod';
import { endpoint } from './endpoint';

export const metricsEndpoints = {
  metrics: endpoint({
    method: 'GET',
    path: '/metrics',
    response: z.string(),
    access: 'public',
    reads: ['server'],
    summary:
      'Prometheus metrics (text format), served only when METRICS_TOKEN is set, to a caller sending ' +
      '`Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); no staff session is used.',
  }),
};
