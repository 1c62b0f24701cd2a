import type { Endpoint } from './endpoint';
import { auditEndpoints, auditLogEndpoints } from './audit';
import { authEndpoints } from './auth';
import { backupEndpoints } from './backups';
import { cancellationReasonEndpoints } from './cancellation-reasons';
import { customerEndpoints } from './customers';
import { deviceSwapEndpoints } from './device-swaps';
import { devicesEndpoints } from './devices';
import { equipmentEndpoints } from './equipment';
import { feedbackEndpoints } from './feedback';
import { healthEndpoints } from './health';
import { jobEndpoints } from './jobs';
import { mapEndpoints } from './maps';
import { metricsEndpoints } from './metrics';
import { mfaEndpoints } from './mfa';
import { notificationEndpoints } from './notifications';
import { openapiEndpoint } from './openapi';
import { parcelEndpoints } from './parcels';
import { prospectEndpoints } from './prospects';
import { revertEndpoints } from './revert';
import { savedViewEndpoints } from './saved-views';
import { settingsEndpoints } from './settings';
import { accountEndpoints, setPasswordEndpoints, staffEndpoints } from './staff';
import { statsEndpoints } from './stats';
import { cancellationEndpoints, subscriptionEndpoints } from './subscriptions';
import { supplierEndpoints } from './suppliers';

/** Every declared endpoint of the app: the route-table test, OpenAPI and the fuzz tier walk this list. */
export const ENDPOINTS: Endpoint[] = [
  auditEndpoints,
  auditLogEndpoints,
  authEndpoints,
  backupEndpoints,
  cancellationReasonEndpoints,
  cancellationEndpoints,
  customerEndpoints,
  devicesEndpoints,
  deviceSwapEndpoints,
  equipmentEndpoints,
  feedbackEndpoints,
  healthEndpoints,
  jobEndpoints,
  mapEndpoints,
  metricsEndpoints,
  notificationEndpoints,
  parcelEndpoints,
  prospectEndpoints,
  revertEndpoints,
  savedViewEndpoints,
  settingsEndpoints,
  staffEndpoints,
  accountEndpoints,
  mfaEndpoints,
  setPasswordEndpoints,
  statsEndpoints,
  subscriptionEndpoints,
  supplierEndpoints,
]
  .flatMap((table) => Object.values(table) as Endpoint[])
  .concat(openapiEndpoint);
