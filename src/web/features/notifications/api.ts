import { notificationEndpoints as endpoints } from '../../../contract/notifications';
import { useApiMutation, useApiQuery } from '../../lib/data';

export function useNotificationSettings() {
  return useApiQuery(endpoints.settings, {});
}

export function useSnooze() {
  return useApiMutation(endpoints.snoozeRule, {
    success: (rule) => (rule.snoozedUntil ? 'Alert snoozed: its e-mails wait until then.' : 'Alert e-mails resumed.'),
  });
}
