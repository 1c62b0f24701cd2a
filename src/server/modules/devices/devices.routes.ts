import type { FastifyPluginAsync } from 'fastify';
import { devicesEndpoints as endpoints } from '../../../contract/devices';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import { sendListCsv } from '../../http/csv';
import { deviceDetail, deviceList, deviceOptions, listDevices } from './devices.queries';
import {
  convertWithBlacklistHold,
  deleteDevice,
  deleteLine,
  lookupBySim,
  removeEquipment,
  replaceDevice,
  separateEquipment,
  unassignEquipment,
} from './devices.service';

export const deviceRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.list, ({ query }) => listDevices(db, query));

  route(app, endpoints.export, ({ query, reply }) => sendListCsv(reply, 'devices', db, deviceList(db, query), query));

  route(app, endpoints.options, () => deviceOptions(db));

  route(app, endpoints.detail, async ({ params }) => {
    const device = await deviceDetail(db, params.id);
    if (!device) throw new NotFoundError(`Device ${params.id} was not found.`);
    return device;
  });

  route(app, endpoints.bySim, ({ params }) => lookupBySim(db, params.sim));

  route(app, endpoints.blacklistHold, ({ params, user }) => convertWithBlacklistHold(db, user.id, params.id));
  route(app, endpoints.deleteLine, ({ params, user }) => deleteLine(db, user.id, params.id));
  route(app, endpoints.deleteDevice, ({ params, user }) => deleteDevice(db, user.id, params.id));
  route(app, endpoints.removeEquipment, ({ params, user }) => removeEquipment(db, user.id, params.id));
  route(app, endpoints.unassignEquipment, ({ params, user }) => unassignEquipment(db, user.id, params.id));
  route(app, endpoints.separateEquipment, ({ params, user }) => separateEquipment(db, user.id, params.id));

  route(app, endpoints.replace, ({ params, body, user }) => replaceDevice(db, user.id, params.id, body));
};
