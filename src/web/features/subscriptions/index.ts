/** What the cancellations list shares with the subscriptions list: filters, paging and the reason column. */
export { ListFilters, PER_PAGE, useClampPage, useListParams } from './ListFilters';
export { queueColumns } from './columns';
