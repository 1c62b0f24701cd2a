import { useCallback, useEffect, useState } from 'react';

export type DeviceLocation =
  | { status: 'locating' }
  | { status: 'found'; lat: number; lng: number; accuracy: number }
  | { status: 'unavailable'; reason: string };

function reasonOf(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return 'Location permission was not given.';
  if (error.code === error.TIMEOUT) return 'The device took too long to find its location.';
  return 'The device could not find its location.';
}

export type FoundLocation = Extract<DeviceLocation, { status: 'found' }>;

const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

/**
 * The device's position, asked once on mount (the browser asks the user's permission) and again on `retry`; `now`
 * asks afresh and answers with it (null without one): a visit is placed where the rep was when pressing Submit.
 */
export function useDeviceLocation(): [DeviceLocation, () => void, () => Promise<FoundLocation | null>] {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [location, setLocation] = useState<DeviceLocation>(
    supported ? { status: 'locating' } : { status: 'unavailable', reason: 'This browser cannot share a location.' },
  );
  const locate = useCallback(() => {
    if (!supported) return;
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setLocation({
          status: 'found',
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      (error) => setLocation({ status: 'unavailable', reason: reasonOf(error) }),
      OPTIONS,
    );
  }, [supported]);
  useEffect(locate, [locate]);
  const retry = useCallback(() => {
    setLocation({ status: 'locating' });
    locate();
  }, [locate]);
  const now = useCallback(
    () =>
      new Promise<FoundLocation | null>((resolve) => {
        if (!supported) return resolve(null);
        navigator.geolocation.getCurrentPosition(
          (position) => {
            const found: FoundLocation = {
              status: 'found',
              lat: position.coords.latitude,
              lng: position.coords.longitude,
              accuracy: position.coords.accuracy,
            };
            setLocation(found);
            resolve(found);
          },
          (error) => {
            setLocation({ status: 'unavailable', reason: reasonOf(error) });
            resolve(null);
          },
          { ...OPTIONS, maximumAge: 0 },
        );
      }),
    [supported],
  );
  return [location, retry, now];
}
