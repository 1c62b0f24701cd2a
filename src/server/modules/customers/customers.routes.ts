import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerPaths, customerSearchQuery, customerSearchResult } from '../../../contract/customers';
import type { Db } from '../../db/client';
import { searchCustomers } from './customers.service';

export const customerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    customerPaths.search,
    { schema: { querystring: customerSearchQuery, response: { 200: z.array(customerSearchResult) } } },
    (request) => searchCustomers(db, request.query.q),
  );
};
