import type { FastifyPluginAsync } from 'fastify';
import { deviceSwapEndpoints as endpoints, type DeviceSwapRow } from '../../../contract/device-swaps';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { sendListCsv, type CsvColumn } from '../../http/csv';
import { listDeviceSwaps } from './device-swaps.queries';

/** Read-only: swaps are recorded when a device is replaced (devices.service); nothing here writes. */
export const deviceSwapRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  route(app, endpoints.list, ({ query }) => listDeviceSwaps(db, query, timeZone));

  route(app, endpoints.export, ({ query, reply }) =>
    sendListCsv(reply, 'device-swaps', DEVICE_SWAP_CSV, (page) => listDeviceSwaps(db, { ...query, ...page }, timeZone)),
  );
};

const DEVICE_SWAP_CSV: CsvColumn<DeviceSwapRow>[] = [
  { header: 'Swap ID', value: (s) => s.id },
  { header: 'Swapped', value: (s) => s.swappedAt },
  { header: 'Old device ID', value: (s) => s.deviceId },
  { header: 'New device ID', value: (s) => s.newDeviceId },
  { header: 'Supplier ID', value: (s) => s.supplier?.id },
  { header: 'Supplier', value: (s) => s.supplier?.name },
  { header: 'Customer ID', value: (s) => s.customer?.id },
  { header: 'Customer', value: (s) => s.customer?.name },
];
