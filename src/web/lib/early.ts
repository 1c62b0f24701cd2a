import { EARLY_ANSWERS } from '../../contract/pages';

/** The GETs the page's HTML made before this code arrived (src/server/plugins/page-starts.ts), by URL. */
const answers = ((window as unknown as Record<string, unknown>)[EARLY_ANSWERS] ?? {}) as Record<
  string,
  Promise<Response> | undefined
>;

/** The page's own answer to a GET of `url`, once: a later GET of it asks the server again, as a refetch must. */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const answer = answers[url];
  delete answers[url];
  return answer;
}

/**
 * Once the app has moved on from the page its HTML was served as, an answer still untaken would be stale. Its body is
 * let go too: one never read keeps its request open.
 */
export function dropEarlyAnswers(): void {
  for (const [url, answer] of Object.entries(answers)) {
    delete answers[url];
    answer?.then((response) => response.body?.cancel()).catch(() => {});
  }
}
