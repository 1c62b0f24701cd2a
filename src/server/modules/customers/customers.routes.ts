import type { FastifyPluginAsync } from 'fastify';
import { customerEndpoints as endpoints } from '../../../contract/customers';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { sendListCsv, type CsvColumn } from '../../http/csv';
import type { CustomerRow } from '../../../contract/customers';
import { customersPage, getCustomer, searchCustomers } from './customers.service';

export const customerRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.search, ({ query }) => searchCustomers(db, query.q));

  route(app, endpoints.list, ({ query }) => customersPage(db, query));

  route(app, endpoints.export, ({ query, reply }) =>
    sendListCsv(reply, 'customers', CUSTOMER_CSV, (page) => customersPage(db, { ...query, ...page })),
  );

  route(app, endpoints.detail, ({ params }) => getCustomer(db, params.id));
};

const CUSTOMER_CSV: CsvColumn<CustomerRow>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'Name', value: (c) => c.name },
  { header: 'Email', value: (c) => c.email },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'City', value: (c) => c.city },
  { header: 'State', value: (c) => c.state },
  { header: 'Customer since', value: (c) => c.createdAt },
];
