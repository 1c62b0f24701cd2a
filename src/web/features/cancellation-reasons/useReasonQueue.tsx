import { useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { BodyIn, Endpoint, WriteEndpoint } from '../../../contract/endpoint';
import type { Page } from '../../../contract/pagination';
import type { subscriptionEndpoints } from '../../../contract/subscriptions';
import type { UndoRecordType } from '../../../contract/revert';
import { endpointKey } from '../../lib/api';
import { ErrorState } from '../../ui';
import { useUndoToast } from '../audit';
import { useInvalidate } from '../../lib/data';
import { useCan } from '../auth';
import { ReasonPicker } from './ReasonPicker';
import { reasonLabel, useCancellationReasons } from './api';
import './reason-queue.css';

export const SLIDE_MS = 260;

interface QueueRow {
  id: number;
  cancellationReasonId: number;
}

/** What both reason PATCHes take (§7). */
export type SetReasonInput = BodyIn<typeof subscriptionEndpoints.setReason>;

interface Options<Row> {
  /** The list on screen: its endpoint and the query of the page shown, whose cached answer rows leave. */
  list: { endpoint: Endpoint; query: object };
  /** In the "needs a reason" view a recorded row leaves the list; otherwise it stays and shows the reason. */
  removeOnSave: boolean;
  /** Sends the row's reason through `writes`; rejects with the server's refusal. */
  save(row: Row, body: SetReasonInput): Promise<unknown>;
  /** The endpoint `save` calls: every view of what it declares it changes is refreshed after a save. */
  writes: WriteEndpoint;
  /** The record the reason is written on (its picker is "Cancellation reason for subscription 12", and the toast's
   * Undo takes it back). */
  record: Extract<UndoRecordType, 'subscription' | 'subscription_cancellation'>;
}

/**
 * Recording reasons row after row. A saved row slides away, is dropped from the cached page at once (the
 * next row moves up, its picker focused when the keyboard was in use) and the page is refetched in the
 * background so it refills from the next page. The save goes through `api` rather than a mutation hook: a
 * refusal is shown on its row by the picker, not as a toast (decision 009).
 */
export function useReasonQueue<Row extends QueueRow>({ list, removeOnSave, save, writes, record }: Options<Row>) {
  const name = (row: Row) => `${record === 'subscription' ? 'subscription' : 'cancellation'} ${row.id}`;
  const undoable = useUndoToast();
  const queryClient = useQueryClient();
  const reasons = useCancellationReasons();
  const reduceMotion = useReducedMotion();
  const can = useCan();
  const [leaving, setLeaving] = useState<ReadonlySet<number>>(new Set());
  const pickers = useRef(new Map<number, HTMLInputElement>());
  const listKey = endpointKey(list.endpoint, { query: list.query });

  const invalidate = useInvalidate();
  const refresh = () => invalidate(writes);

  async function pick(row: Row, reasonId: number) {
    const hadFocus = pickers.current.get(row.id) === document.activeElement;
    await save(row, { cancellation_reason_id: reasonId, expected_cancellation_reason_id: row.cancellationReasonId });
    undoable(`${reasonLabel(reasons.data, reasonId)} recorded for ${name(row)}.`, {
      entityType: record,
      entityId: row.id,
    });
    if (!removeOnSave) {
      queryClient.setQueryData<Page<Row>>(
        listKey,
        (page) =>
          page && {
            ...page,
            rows: page.rows.map((r) => (r.id === row.id ? { ...r, cancellationReasonId: reasonId } : r)),
          },
      );
      void refresh();
      return;
    }
    const rows = queryClient.getQueryData<Page<Row>>(listKey)?.rows ?? [];
    const index = rows.findIndex((r) => r.id === row.id);
    const next = rows[index + 1] ?? rows[index - 1];
    // With less motion asked for, the row is never put in its sliding state: it just leaves.
    if (!reduceMotion) {
      setLeaving((s) => new Set(s).add(row.id));
      await new Promise((resolve) => setTimeout(resolve, SLIDE_MS));
    }
    queryClient.setQueryData<Page<Row>>(
      listKey,
      (page) => page && { ...page, rows: page.rows.filter((r) => r.id !== row.id), total: Math.max(0, page.total - 1) },
    );
    setLeaving((s) => {
      const rest = new Set(s);
      rest.delete(row.id);
      return rest;
    });
    if (hadFocus && next) requestAnimationFrame(() => pickers.current.get(next.id)?.focus());
    void refresh();
  }

  function renderPicker(row: Row) {
    // Setting a reason changes the trend figures (subscriptions.manage); other roles read the recorded one.
    if (!can('subscriptions.manage'))
      return <Text size="sm">{reasonLabel(reasons.data, row.cancellationReasonId)}</Text>;
    return (
      <div data-row-leaving={leaving.has(row.id) || undefined}>
        <ReasonPicker
          label={`Cancellation reason for ${name(row)}`}
          value={row.cancellationReasonId}
          reasons={reasons.data}
          onPick={(reasonId) => pick(row, reasonId)}
          inputRef={(el) => {
            if (el) pickers.current.set(row.id, el);
            else pickers.current.delete(row.id);
          }}
        />
      </div>
    );
  }

  // Without the reasons the pickers cannot work: say so once, above the list, with a retry.
  const reasonsAlert = reasons.error ? (
    <ErrorState
      message="The cancellation reasons could not be loaded."
      onRetry={() => reasons.refetch()}
      error={reasons.error}
    />
  ) : null;

  return { renderPicker, reasonsAlert };
}
