/** What the cancellations list shares with the subscriptions list: filters, paging, the reason column and the page. */
export { useListParams } from './ListFilters';
export { ReasonListPage } from './ReasonListPage';
export { queueColumns } from './columns';
