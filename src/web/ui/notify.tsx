import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';

/** Toasts for the outcome of a user action. */
export const notify = {
  success(message: string) {
    notifications.show({ color: 'green', message, icon: <IconCheck size={18} />, autoClose: 4000 });
  },
  error(message: string) {
    notifications.show({ color: 'red', message, icon: <IconAlertCircle size={18} />, autoClose: 8000 });
  },
};
