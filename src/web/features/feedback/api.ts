import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { feedbackPaths, type FeedbackListQuery, type FeedbackRow } from '../../../contract/feedback';
import type { Page } from '../../../contract/pagination';
import { http } from '../../lib/http';

export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (q: FeedbackListQuery) => ['feedback', 'list', q] as const,
};

export function useFeedbackList(query: FeedbackListQuery) {
  return useQuery({
    queryKey: feedbackKeys.list(query),
    queryFn: () => http.get<Page<FeedbackRow>>(feedbackPaths.list, query),
    placeholderData: keepPreviousData,
  });
}
