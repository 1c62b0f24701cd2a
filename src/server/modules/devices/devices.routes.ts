import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceDetail as deviceDetailSchema,
  deviceList,
  deviceListQuery,
  deviceOptions as deviceOptionsSchema,
  deviceRoutePatterns,
  idParams,
  replacementBody,
  replacementResponse,
  simLookupDevice,
  simParams,
} from '../../../contract/devices';
import { actionResult } from '../../../contract/equipment';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { deviceDetail, deviceOptions, listDevices } from './devices.queries';
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

export const deviceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    deviceRoutePatterns.list,
    { config: { access: 'devices.view' }, schema: { querystring: deviceListQuery, response: { 200: deviceList } } },
    (request) => listDevices(db, request.query),
  );

  app.get(
    deviceRoutePatterns.options,
    { config: { access: 'devices.view' }, schema: { response: { 200: deviceOptionsSchema } } },
    () => deviceOptions(db),
  );

  app.get(
    deviceRoutePatterns.detail,
    { config: { access: 'devices.view' }, schema: { params: idParams, response: { 200: deviceDetailSchema } } },
    async (request) => {
      const device = await deviceDetail(db, request.params.id);
      if (!device) throw new NotFoundError(`Device ${request.params.id} was not found.`);
      return device;
    },
  );

  app.get(
    deviceRoutePatterns.bySim,
    { config: { access: 'devices.manage' }, schema: { params: simParams, response: { 200: simLookupDevice } } },
    (request) => lookupBySim(db, request.params.sim),
  );

  const action = {
    config: { access: 'devices.manage' as const },
    schema: { params: idParams, response: { 200: actionResult } },
  };
  const userId = (request: { user: { id: number } | null }) => request.user!.id;
  app.delete(deviceRoutePatterns.blacklistHold, action, (request) =>
    convertWithBlacklistHold(db, userId(request), request.params.id),
  );
  app.delete(deviceRoutePatterns.line, action, (request) => deleteLine(db, userId(request), request.params.id));
  app.delete(deviceRoutePatterns.device, action, (request) => deleteDevice(db, userId(request), request.params.id));
  app.delete(deviceRoutePatterns.equipment, action, (request) =>
    removeEquipment(db, userId(request), request.params.id),
  );
  app.post(deviceRoutePatterns.unassignEquipment, action, (request) =>
    unassignEquipment(db, userId(request), request.params.id),
  );
  app.post(deviceRoutePatterns.separateEquipment, action, (request) =>
    separateEquipment(db, userId(request), request.params.id),
  );

  app.post(
    deviceRoutePatterns.replace,
    {
      config: { access: 'devices.manage' },
      schema: { params: idParams, body: replacementBody, response: { 200: replacementResponse } },
    },
    (request) => replaceDevice(db, userId(request), request.params.id, request.body),
  );
};
