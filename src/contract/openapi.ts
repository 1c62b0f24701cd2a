import { z } from './zod';
import { endpoint } from './endpoint';

export const openapiEndpoint = endpoint({
  method: 'GET',
  path: '/admin/api/openapi.json',
  response: z.record(z.string(), z.unknown()),
  access: 'signed-in',
  reads: ['server'],
  summary: 'This description of the API (OpenAPI 3.1).',
});

/** The page that shows it. */
export const API_DOCS_PAGE = '/admin/api/docs';
