import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../contract/devices';
import {
  actionResult,
  equipmentList,
  equipmentListQuery,
  equipmentRoutePatterns,
  equipmentRow,
} from '../../../contract/equipment';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { findEquipment, listEquipment } from './equipment.queries';
import { deleteEquipment, markReceived } from './equipment.service';

export const equipmentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    equipmentRoutePatterns.list,
    {
      config: { access: 'devices.view' },
      schema: { querystring: equipmentListQuery, response: { 200: equipmentList } },
    },
    (request) => listEquipment(db, request.query),
  );

  app.get(
    equipmentRoutePatterns.detail,
    { config: { access: 'devices.view' }, schema: { params: idParams, response: { 200: equipmentRow } } },
    async (request) => {
      const row = await findEquipment(db, request.params.id);
      if (!row) throw new NotFoundError(`Equipment ${request.params.id} was not found.`);
      return row;
    },
  );

  const action = { config: { access: 'devices.manage' as const }, schema: { params: idParams, response: { 200: actionResult } } };
  app.post(equipmentRoutePatterns.received, action, (request) => markReceived(db, request.user!.id, request.params.id));
  app.delete(equipmentRoutePatterns.equipment, action, (request) =>
    deleteEquipment(db, request.user!.id, request.params.id),
  );
};
