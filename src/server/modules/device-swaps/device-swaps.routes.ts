import type { FastifyPluginAsync } from 'fastify';
import { deviceSwapEndpoints as endpoints } from '../../../contract/device-swaps';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { sendListCsv } from '../../http/csv';
import { deviceSwapList, listDeviceSwaps } from './device-swaps.queries';

/** Read-only: swaps are recorded when a device is replaced (devices.service); nothing here writes. */
export const deviceSwapRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  route(app, endpoints.list, ({ query }) => listDeviceSwaps(db, query, timeZone));

  route(app, endpoints.export, ({ query, reply }) =>
    sendListCsv(reply, 'device-swaps', db, deviceSwapList(db, query, timeZone), query),
  );
};
