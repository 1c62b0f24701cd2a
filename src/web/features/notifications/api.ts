import { notificationEndpoints as endpoints } from '../../../contract/notifications';
import { useApiMutation, useApiQuery } from '../../lib/data';

/** While a rule waits for its first check (queued when it was made), the page asks again until it has one. */
export function useNotificationSettings() {
  return useApiQuery(
    endpoints.settings,
    {},
    { refetchInterval: (query) => (query.state.data?.rules.some((r) => r.enabled && !r.lastCheckedAt) ? 2000 : false) },
  );
}

export function useSnooze() {
  return useApiMutation(endpoints.snoozeRule, {
    success: (rule) => (rule.snoozedUntil ? 'Alert snoozed: its e-mails wait until then.' : 'Alert e-mails resumed.'),
  });
}
