import { useState } from 'react';
import { Checkbox } from '@mantine/core';
import type { Column } from '../columns';

/**
 * Checkboxes for choosing rows of the page on screen, with one in the header for the whole page. Only rows shown
 * count as chosen: after paging or filtering, what was chosen elsewhere is not acted on unseen.
 */
export function useRowSelection<Row extends { id: number }>(rows: Row[] | undefined, name: (row: Row) => string) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const shown = rows ?? [];
  const selected = shown.filter((r) => chosen.has(r.id));
  const all = shown.length > 0 && selected.length === shown.length;

  const toggle = (ids: number[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  const column: Column<Row> = {
    key: 'select',
    width: 40,
    // On a card the row's checkbox stands before its heading; the page's is not shown.
    card: 'lead',
    header: (
      <Checkbox
        aria-label="Choose every row on this page"
        checked={all}
        indeterminate={selected.length > 0 && !all}
        onChange={() =>
          toggle(
            shown.map((r) => r.id),
            !all,
          )
        }
      />
    ),
    render: (row) => (
      <Checkbox
        aria-label={`Choose ${name(row)}`}
        checked={chosen.has(row.id)}
        onChange={(e) => toggle([row.id], e.currentTarget.checked)}
      />
    ),
  };

  return {
    column,
    selected,
    /** Keeps only the given rows chosen (those a bulk action could not change), or none. */
    keep: (ids: number[] = []) => setChosen(new Set(ids)),
  };
}
