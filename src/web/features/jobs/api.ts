import { jobEndpoints } from '../../../contract/jobs';
import { useApiMutation, useApiQuery } from '../../lib/data';

/** How often the page asks again while it is open: a run's state moves on by itself. */
const REFRESH_MS = 5000;

export function useJobs() {
  return useApiQuery(jobEndpoints.list, {}, { refetchInterval: REFRESH_MS });
}

export function useRunAgain(label: string) {
  return useApiMutation(jobEndpoints.runAgain, { success: `${label} will run again shortly.` });
}
