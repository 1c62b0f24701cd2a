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

/** The device's position, asked once on mount (the browser asks the user's permission) and again on `retry`. */
export function useDeviceLocation(): [DeviceLocation, () => void] {
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
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, [supported]);
  useEffect(locate, [locate]);
  const retry = useCallback(() => {
    setLocation({ status: 'locating' });
    locate();
  }, [locate]);
  return [location, retry];
}
