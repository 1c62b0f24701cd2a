import type { FastifyPluginAsync } from 'fastify';
import { parcelEndpoints as endpoints } from '../../../contract/parcels';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { sendListCsv, type CsvColumn } from '../../http/csv';
import { DIRECTION_LABELS, type Parcel } from '../../../contract/parcels';
import { customerItems, listContainers, listParcels } from './parcels.queries';
import { createContainer, createParcel, deleteContainer, updateContainer } from './parcels.service';

export const parcelRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.list, ({ query }) => listParcels(db, query));

  route(app, endpoints.export, ({ query, reply }) =>
    sendListCsv(reply, 'parcels', PARCEL_CSV, (page) => listParcels(db, { ...query, ...page })),
  );

  route(app, endpoints.create, ({ body, user }) => createParcel(db, user.id, body));

  route(app, endpoints.customerItems, ({ params }) => customerItems(db, params.customerId));

  route(app, endpoints.containers, () => listContainers(db));

  route(app, endpoints.createContainer, ({ body, user }) => createContainer(db, user.id, body));

  route(app, endpoints.updateContainer, ({ params, body, user }) => updateContainer(db, user.id, params.id, body));

  route(app, endpoints.deleteContainer, ({ params, user }) => deleteContainer(db, user.id, params.id));
};

const PARCEL_CSV: CsvColumn<Parcel>[] = [
  { header: 'Parcel ID', value: (p) => p.id },
  { header: 'Entered', value: (p) => p.createdAt },
  { header: 'Direction', value: (p) => DIRECTION_LABELS[p.direction] },
  { header: 'Customer ID', value: (p) => p.customer?.id },
  { header: 'Customer', value: (p) => p.customer?.name },
  { header: 'Item', value: (p) => p.item },
  { header: 'Container', value: (p) => p.containerName },
  { header: 'Length (in)', value: (p) => p.length },
  { header: 'Width (in)', value: (p) => p.width },
  { header: 'Height (in)', value: (p) => p.height },
  { header: 'Weight (oz)', value: (p) => p.weight },
  { header: 'Entered by', value: (p) => p.createdBy },
];
