import { keepPreviousData } from '@tanstack/react-query';
import type { QueryIn } from '../../../contract/endpoint';
import { feedbackEndpoints } from '../../../contract/feedback';
import { useApiQuery } from '../../lib/data';

export function useFeedbackList(query: QueryIn<typeof feedbackEndpoints.list>) {
  return useApiQuery(feedbackEndpoints.list, { query }, { placeholderData: keepPreviousData });
}
