import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_DOCS_PAGE, openapiEndpoint } from '../../contract/openapi';
import { route } from '../http/route';

/** Routes that are not API calls: the SPA's pages, its assets, the documentation itself. */
const isApiCall = (url: string, page: boolean | undefined) =>
  !page && !url.includes('*') && !url.startsWith(API_DOCS_PAGE) && url !== openapiEndpoint.path;

/**
 * OpenAPI 3.1, generated from the routes the endpoint table registered (their zod schemas, summaries and
 * access), served to signed-in staff as JSON and as a Swagger UI page. Registered before every module, so it
 * sees each route as it is added.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Back office API',
        version: '1',
        description:
          'Every call of the back office. Sign in first (POST /admin/login); every state-changing call sends the ' +
          "page's CSRF token in X-CSRF-TOKEN and all calls send X-Requested-With: XMLHttpRequest.",
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'bo_session' } },
      },
      security: [{ session: [] }],
    },
    transform: (input) => {
      const { schema, url, route: options } = input;
      if (!isApiCall(url, options.config?.page)) return { schema: { ...schema, hide: true }, url };
      const transformed = jsonSchemaTransform(input);
      const access = options.config?.access;
      const description =
        access === 'public'
          ? 'Public.'
          : access === 'signed-in'
            ? 'Any signed-in staff member.'
            : `Needs the permission \`${access}\`.`;
      return { ...transformed, schema: { ...transformed.schema, description } };
    },
    transformObject: jsonSchemaTransformObject,
  });

  route(app, openapiEndpoint, () => app.swagger() as Record<string, unknown>);

  await app.register(async (docs) => {
    // The documentation page and its assets are for staff: declared here, as @fastify/swagger-ui takes no route config.
    docs.addHook('onRoute', (r) => {
      r.config = { ...r.config, access: 'signed-in', page: true };
    });
    await docs.register(swaggerUi, { routePrefix: API_DOCS_PAGE, staticCSP: true });
  });
});
