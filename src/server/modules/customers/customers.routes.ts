import type { FastifyPluginAsync } from 'fastify';
import { customerEndpoints as endpoints } from '../../../contract/customers';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { sendListCsv } from '../../http/csv';
import { customersList, customersPage, getCustomer, searchCustomers } from './customers.service';

export const customerRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.search, ({ query }) => searchCustomers(db, query.q));

  route(app, endpoints.list, ({ query }) => customersPage(db, query));

  route(app, endpoints.export, ({ query, reply }) =>
    sendListCsv(reply, 'customers', db, customersList(db, query), query),
  );

  route(app, endpoints.detail, ({ params }) => getCustomer(db, params.id));
};
