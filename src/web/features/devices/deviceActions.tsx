import type { ComponentType } from 'react';
import { IconBan, IconInbox, IconPackageExport, IconTrash, IconTrashX, IconUnlink } from '@tabler/icons-react';
import { isBelowPriceThreshold, type DeviceAction, type DeviceDetail } from '../../../contract/devices';

export interface DeviceActionSpec {
  /** Also the action's key in `devicesEndpoints`. */
  action: Exclude<DeviceAction, 'replace'>;
  label: string;
  icon: ComponentType<{ size?: number }>;
  /** One line on the detail page: what the action will do to this device. */
  effect(device: DeviceDetail): string;
  /** The exact confirmation text of §5 (docs/decisions for the ones §5 paraphrases). */
  confirmation(device: DeviceDetail): string;
  /** The action ends the line: the customer whose active subscription uses it is named before anyone agrees. */
  endsLine?: true;
}

/** Who loses service when the device's line goes: said beside the exact §5 text, which names no one. */
export function lineUserNotice(device: DeviceDetail): string | null {
  const sub = device.subscription;
  return sub?.status === 'active'
    ? `${sub.customer.name} (customer #${sub.customer.id}) loses this line: their subscription #${sub.id} is active.`
    : null;
}

const modelOf = (device: DeviceDetail) => device.product?.model ?? 'SIM Only';
const hasEquipment = (device: DeviceDetail) => device.product !== null || device.imei !== null;
/** §4/§9: below the threshold (or with no phone) nothing is worth recovering from the device. */
const cheap = (device: DeviceDetail) => !hasEquipment(device) || isBelowPriceThreshold(device.product?.price ?? null);

export const DEVICE_ACTIONS: DeviceActionSpec[] = [
  {
    action: 'unassignEquipment',
    label: 'Unassign Equipment',
    icon: IconUnlink,
    effect: () => 'Makes this device an available SIM Only; the phone and its IMEI go to unbuilt equipment.',
    confirmation: (d) =>
      `Alert! This will convert the device to a SIM Only and its status will be available. This ${modelOf(d)} and its IMEI will be moved to unbuilt equipment. Are you sure?`,
  },
  {
    action: 'removeEquipment',
    label: 'Remove equipment',
    icon: IconPackageExport,
    effect: () =>
      'Makes this device an available SIM Only and writes the phone off inventory. Only if it is never coming back.',
    confirmation: () =>
      'Alert! This will convert the device to an available SIM Only and remove a model out of QB inventory. Only proceed if we are never getting this equipment back. Are you sure?',
  },
  {
    action: 'separateEquipment',
    label: 'Separate Equipment',
    icon: IconInbox,
    effect: () => 'Moves the phone and its IMEI to returning equipment and deletes this device immediately.',
    confirmation: (d) =>
      `Alert! This will convert the device to a SIM Only and it will be DELETED IMMEDIATELY. This ${modelOf(d)} and its IMEI will be moved to returning equipment. Are you sure?`,
  },
  {
    action: 'blacklistHold',
    label: 'Convert to SIM Only with blacklist hold',
    icon: IconBan,
    effect: () => 'Deletes the line, makes this device a SIM Only and puts the phone on blacklist hold.',
    confirmation: (d) =>
      `Alert! This will convert the device to a SIM Only and DELETE the line. This ${modelOf(d)} will be put on blacklist hold. Are you sure?`,
    endsLine: true,
  },
  {
    action: 'deleteLine',
    label: 'Delete Line/SIM',
    icon: IconTrash,
    effect: (d) =>
      cheap(d)
        ? 'Deletes the line; the device keeps its record.'
        : 'Deletes the line, makes this device a SIM Only and marks the phone as unbuilt equipment.',
    confirmation: (d) =>
      cheap(d)
        ? `Alert! This will DELETE a ${modelOf(d)} line. Are you sure?`
        : `Alert! This will convert a ${modelOf(d)} to a SIM Only and DELETE the line. The equipment will be marked as unbuilt. Are you sure?`,
    endsLine: true,
  },
  {
    action: 'deleteDevice',
    label: 'Delete device',
    icon: IconTrashX,
    effect: (d) =>
      cheap(d)
        ? 'Deletes this device and its line permanently.'
        : 'Deletes this device and its line permanently and removes the phone from inventory.',
    confirmation: (d) =>
      cheap(d)
        ? `Alert! This will DELETE a ${modelOf(d)} line. Are you sure? This action is permanent!`
        : `Alert! This will DELETE a ${modelOf(d)} line and remove the item from QB inventory. Are you sure? This action is permanent!`,
  },
];
