import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import './toasts.css';

/** Below this width the header's controls span the screen, so toasts rise from the bottom instead. */
const PHONE = `(max-width: ${em(767)})`;

/**
 * Where toasts stack: on a desktop at the top right below the header, on a phone at the bottom, so that for the 10 s
 * an Undo stays they cover neither the search, the account menu nor the menu button.
 */
export default function Toasts() {
  const phone = useMediaQuery(PHONE);
  return <Notifications position={phone ? 'bottom-center' : 'top-right'} classNames={{ root: 'app-toasts' }} />;
}
