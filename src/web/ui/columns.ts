import type { CSSProperties, ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** Defaults to the row's property named `key`. */
  render?(row: T): ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** Keep the cell on one line (dates, names of a few words, pills): the column is as wide as its longest. */
  nowrap?: boolean;
  /** Numbers (phone numbers, IMEIs, amounts): on one line, each digit as wide as the next, so they line up. */
  numeric?: boolean;
  /** The list can be sorted by this column (the server's sort named `key`), first in this direction (ADR 023). */
  sortable?: 'asc' | 'desc';
  /**
   * Where rows are cards (a narrow screen): the card's heading (`title`), a control before the heading with no
   * label of its own (`lead`: a row's checkbox, which names its row), or left out of the card (`hidden`); any other
   * column is a label and its value. A list shows cards only when one of its columns is a title.
   */
  card?: 'title' | 'lead' | 'hidden';
}

/** A list's sort as the server names it: a column key, descending with a leading `-`. */
export interface SortProps {
  sort: string;
  onSortChange(sort: string): void;
}

/** A row's cell in a column. */
export const cellOf = <T>(column: Column<T>, row: T): ReactNode =>
  column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '');

/** Whether a cell has nothing to show (a card leaves its field out). */
export const isEmptyCell = (cell: ReactNode) => cell === null || cell === undefined || cell === false || cell === '';

/**
 * The columns with something to show on this page, and their cells row by row: a column empty on every row (a
 * reason no row has yet) takes no space.
 */
export function shownCells<T>(columns: Column<T>[], rows: T[]): { columns: Column<T>[]; cells: ReactNode[][] } {
  const all = rows.map((row) => columns.map((c) => cellOf(c, row)));
  const shown = columns.map((_, i) => !rows.length || all.some((cells) => !isEmptyCell(cells[i])));
  return {
    columns: columns.filter((_, i) => shown[i]),
    cells: all.map((cells) => cells.filter((_, i) => shown[i])),
  };
}

/** How a column's cells are laid out: aligned, on one line where asked, with figures of equal width. */
export const cellStyle = <T>(column: Column<T>): CSSProperties => ({
  textAlign: column.align,
  whiteSpace: column.nowrap || column.numeric ? 'nowrap' : undefined,
  fontVariantNumeric: column.numeric ? 'tabular-nums' : undefined,
});
