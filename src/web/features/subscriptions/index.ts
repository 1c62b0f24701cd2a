/** What the cancellations list shares with the subscriptions list: filters, paging, the reason column and the table. */
export { ListFilters, useClampPage, useListParams } from './ListFilters';
export { ReasonListTable } from './ReasonListTable';
export { queueColumns } from './columns';
