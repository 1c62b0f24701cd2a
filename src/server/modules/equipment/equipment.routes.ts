import type { FastifyPluginAsync } from 'fastify';
import { equipmentEndpoints as endpoints } from '../../../contract/equipment';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import { eachOnItsOwn } from '../../http/bulk';
import { sendListCsv } from '../../http/csv';
import { equipmentList, findEquipment, listEquipment } from './equipment.queries';
import { deleteEquipment, markReceived } from './equipment.service';

export const equipmentRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.list, ({ query }) => listEquipment(db, query));

  route(app, endpoints.export, ({ query, reply }) =>
    sendListCsv(reply, `equipment-${query.state}`, db, equipmentList(db, query), query),
  );

  route(app, endpoints.detail, async ({ params }) => {
    const row = await findEquipment(db, params.id);
    if (!row) throw new NotFoundError(`Equipment ${params.id} was not found.`);
    return row;
  });

  route(app, endpoints.received, ({ params, user }) => markReceived(db, user.id, params.id));
  route(app, endpoints.receivedMany, ({ body, user, request }) =>
    eachOnItsOwn(body.ids, request.log, (id) => markReceived(db, user.id, id)),
  );
  route(app, endpoints.remove, ({ params, user }) => deleteEquipment(db, user.id, params.id));
};
