import { describe, expect, it } from 'vitest';
import {
  deviceActionRefusal,
  isBelowPriceThreshold,
  replacementBody,
  replacementTargetRefusal,
  replacementWarnings,
  type DeviceAction,
  type DeviceFacts,
} from '../../../contract/devices';

const built: DeviceFacts = { id: 7, hasEquipment: true, lineDeleted: false, activeSubscription: false, loanedTo: null };
const all: DeviceAction[] = [
  'blacklistHold',
  'unassignEquipment',
  'removeEquipment',
  'separateEquipment',
  'deleteLine',
  'deleteDevice',
  'replace',
];
const allowed = (facts: DeviceFacts) => all.filter((a) => deviceActionRefusal(a, facts) === null);

describe('which device actions apply', () => {
  it('offers every action on a device with a phone, a live line and no subscription or loan', () => {
    expect(allowed(built)).toEqual(all);
  });

  it('offers only delete line and delete device on a SIM Only device', () => {
    expect(allowed({ ...built, hasEquipment: false })).toEqual(['deleteLine', 'deleteDevice']);
    expect(deviceActionRefusal('unassignEquipment', { ...built, hasEquipment: false })).toBe(
      'Device 7 is already a SIM Only: it has no equipment to unassign.',
    );
  });

  it('offers only separate and delete device once the line is deleted', () => {
    expect(allowed({ ...built, lineDeleted: true })).toEqual(['separateEquipment', 'deleteDevice']);
  });

  it('keeps a device on an active subscription or a loan from being separated or deleted', () => {
    expect(allowed({ ...built, activeSubscription: true })).toEqual([
      'blacklistHold',
      'unassignEquipment',
      'removeEquipment',
      'deleteLine',
      'replace',
    ]);
    expect(deviceActionRefusal('deleteDevice', { ...built, loanedTo: 'Kim' })).toBe(
      'Device 7 is on loan to Kim. End the loan first.',
    );
  });
});

describe('the 0.01 price threshold', () => {
  it.each([
    ['0.00', true],
    ['0.009', true],
    ['0.0099', true],
    ['0.01', false],
    ['0.02', false],
    [null, true],
  ])('price %s is below the threshold: %s', (price, below) => {
    expect(isBelowPriceThreshold(price)).toBe(below);
  });
});

describe('SIM lookup warnings', () => {
  const device = {
    id: 9,
    imei: null,
    sim: '8901',
    status: { id: 4, description: 'Available / In Service' },
    subscription: null,
    loaner: null,
    mofi_id: null,
    lineDeleted: false,
  };

  it('has none for an available SIM Only device', () => {
    expect(replacementWarnings(device)).toEqual([]);
  });

  it('lists every warning of §4 that applies, in order', () => {
    expect(
      replacementWarnings({
        ...device,
        imei: '35',
        status: { id: 3, description: 'Lost / Stolen' },
        subscription: { id: 1, customer: { id: 2, name: 'Pat' } },
        loaner: { id: 3, customer: { id: 4, name: 'Robin Doe' } },
        lineDeleted: true,
      }),
    ).toEqual([
      'Device 9 has an existing IMEI. Please correct.',
      'Device 9 is listed as Lost / Stolen.',
      'Device 9 is assigned to an active subscription.',
      'Device 9 is on loan to Robin Doe.',
      'The line of device 9 has already been deleted.',
    ]);
  });

  it('tells which devices found by SIM cannot take the phone and line, as the server refuses them', () => {
    expect(replacementTargetRefusal(5, device)).toBeNull();
    expect(replacementTargetRefusal(9, device)).toBe(
      'SIM 8901 belongs to device 9 itself. Look up the SIM of another device.',
    );
    expect(replacementTargetRefusal(5, { ...device, imei: '35' })).toBe(
      'Device 9 has an existing IMEI. Please correct.',
    );
    expect(replacementTargetRefusal(5, { ...device, lineDeleted: true })).toBe(
      'The line of device 9 has already been deleted.',
    );
  });
});

describe('the move-equipment form body', () => {
  const messages = (body: unknown) => {
    const result = replacementBody.safeParse(body);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('reads the ids as the selects hold them, with the defaults of §3', () => {
    expect(replacementBody.parse({ sim: ' 8901 ', new_device_id: 12, product_id: '3' })).toEqual({
      sim: '8901',
      new_device_id: 12,
      product_id: 3,
      unavailable: true,
      device_status_id: 4,
    });
  });

  it('refuses a device not looked up, no product and an unknown status before anything is sent', () => {
    expect(messages({ sim: '8901', new_device_id: '', product_id: '', device_status_id: '42' })).toEqual({
      new_device_id: 'Look up the new device by its SIM first.',
      product_id: 'The selected product id is invalid.',
      device_status_id: 'The selected device status id is invalid.',
    });
  });
});
