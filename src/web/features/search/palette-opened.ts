import { useSyncExternalStore } from 'react';

let opened = false;
const listeners = new Set<() => void>();

function setOpened(value: boolean) {
  opened = value;
  for (const listener of listeners) listener();
}

/** Opens or closes the command palette from anywhere in the frame: the header's Search button, a shortcut. */
export const commandPalette = { open: () => setOpened(true), close: () => setOpened(false) };

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether the command palette is open. */
export const usePaletteOpened = () => useSyncExternalStore(subscribe, () => opened);
