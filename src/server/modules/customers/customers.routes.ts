import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerDetail,
  customerIdParams,
  customerListQuery,
  customerPaths,
  customerRow,
  customerSearchQuery,
  customerSearchResult,
} from '../../../contract/customers';
import { pageOf } from '../../../contract/pagination';
import type { Db } from '../../db/client';
import { customersPage, getCustomer, searchCustomers } from './customers.service';

export const customerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    customerPaths.search,
    {
      config: { access: 'members.lookup' },
      schema: { querystring: customerSearchQuery, response: { 200: z.array(customerSearchResult) } },
    },
    (request) => searchCustomers(db, request.query.q),
  );

  app.get(
    customerPaths.list,
    {
      config: { access: 'customers.view' },
      schema: { querystring: customerListQuery, response: { 200: pageOf(customerRow) } },
    },
    async (request) => ({
      ...(await customersPage(db, request.query)),
      page: request.query.page,
      perPage: request.query.perPage,
    }),
  );

  app.get(
    customerPaths.detail(':id'),
    { config: { access: 'customers.view' }, schema: { params: customerIdParams, response: { 200: customerDetail } } },
    (request) => getCustomer(db, request.params.id),
  );
};
