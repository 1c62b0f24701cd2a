import { savedViewEndpoints, type SavedViewList } from '../../../contract/saved-views';
import { useApiMutation, useApiQuery } from '../../lib/data';

export function useSavedViews(list: SavedViewList) {
  return useApiQuery(savedViewEndpoints.list, { query: { list } });
}

export function useSaveView() {
  return useApiMutation(savedViewEndpoints.save, {
    success: (view) => `View "${view.name}" saved.`,
  });
}

export function useRemoveView() {
  return useApiMutation(savedViewEndpoints.remove, {
    success: 'View deleted.',
  });
}
