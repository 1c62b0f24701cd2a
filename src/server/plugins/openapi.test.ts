import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createTestApp, type TestApp } from '../test/app';
import { ENDPOINTS } from '../../contract/endpoints';

let t: TestApp;
beforeAll(async () => {
  // Metrics on, so that every declared endpoint is registered, /metrics included.
  t = await createTestApp({ METRICS_TOKEN: 'metrics-token-0123456789abcdefghijklmnop' });
});
afterAll(() => t.close());

const openapiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the OpenAPI description', () => {
  it('is a valid OpenAPI 3.1 document describing every API route with its method, summary and access', async () => {
    const agent = await t.signIn();
    const res = await agent.get('/admin/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();

    const apiRoutes = t.app.routeTable.filter(
      (r) => !r.page && !r.url.includes('*') && r.method !== 'HEAD' && !r.url.startsWith('/admin/api/docs'),
    );
    expect(apiRoutes.length).toBeGreaterThan(40);
    const missing = apiRoutes.filter(
      (r) => r.url !== '/admin/api/openapi.json' && !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()],
    );
    expect(missing).toEqual([]);
    const customer = doc.paths['/admin/api/customers/{id}'].get;
    expect(customer.summary).toMatch(/customer/i);
    expect(customer.description).toBe('Needs the permission `customers.view`.');
    // A body checked per user in the handler is still documented.
    expect(doc.paths['/admin/prospects'].post.requestBody).toBeDefined();
    // A call with no answer body is documented as 204 No Content, not as a 200 with nothing described.
    const noBody = ENDPOINTS.filter((e) => !e.response);
    expect(noBody.length).toBeGreaterThan(0);
    for (const e of noBody)
      expect(doc.paths[openapiPath(e.path)][e.method.toLowerCase()].responses, `${e.method} ${e.path}`).toEqual({
        204: { description: 'No Content' },
      });
  });

  it('registers every API route from the endpoint table, and every declared endpoint as a route', async () => {
    const key = (method: string, path: string) => `${method} ${path}`;
    const registered = t.app.routeTable
      .filter((r) => !r.page && !r.url.includes('*') && r.method !== 'HEAD' && !r.url.startsWith('/admin/api/docs'))
      .map((r) => key(r.method, r.url));
    const declared = ENDPOINTS.map((e) => key(e.method, e.path));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...registered].sort()).toEqual([...declared].sort());
  });

  it('is for signed-in staff only, and so is its documentation page', async () => {
    const guest = await t.guest();
    expect((await guest.get('/admin/api/openapi.json')).statusCode).toBe(401);
    const page = await t.app.inject({ method: 'GET', url: '/admin/api/docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/admin/login');

    const agent = await t.signIn({ role: 'analyst' });
    const docs = await agent.request('GET', '/admin/api/docs/', undefined, {
      'x-requested-with': '',
      accept: 'text/html',
    });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});
