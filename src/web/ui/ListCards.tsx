import type { ReactNode } from 'react';
import { Box, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { cellStyle, isEmptyCell, type Column, type SortProps } from './columns';

/** Below this width (600 px) a list whose columns name a card title shows its rows as cards. */
const CARDS_QUERY = '(max-width: 37.5em)';

/** Whether a list of these columns shows its rows as cards: on a narrow screen, when a column is the title. */
export function useCards<T>(columns: Column<T>[]): boolean {
  const narrow = useMediaQuery(CARDS_QUERY) ?? false;
  return narrow && columns.some((c) => c.card === 'title');
}

interface ListCardsProps<T> {
  columns: Column<T>[];
  rows: T[];
  /** The rows' cells, column by column, as the table would show them. */
  cells: ReactNode[][];
  rowKey(row: T, index: number): string | number;
  /** Names the list for screen readers. */
  caption?: string;
  loading: boolean;
}

/**
 * A list on a narrow screen: each row a card, headed by its title column (after its lead, a row's checkbox), its
 * other columns as labels and values (those empty for the row left out), so a phone shows whole rows with no
 * sideways scrolling.
 */
export function ListCards<T>({ columns, rows, cells, rowKey, caption, loading }: ListCardsProps<T>) {
  const title = columns.findIndex((c) => c.card === 'title');
  const lead = columns.findIndex((c) => c.card === 'lead');
  return (
    <Stack
      component="ul"
      gap="xs"
      aria-label={caption}
      aria-busy={loading}
      style={{ listStyle: 'none', margin: 0, padding: 0, opacity: loading ? 0.6 : 1 }}
    >
      {rows.map((row, r) => (
        <Paper component="li" key={rowKey(row, r)} withBorder radius="md" p="sm">
          {title >= 0 && (
            <Group gap="xs" wrap="nowrap" align="flex-start" mb={4}>
              {lead >= 0 && cells[r]![lead]}
              <Text fw={600} component="div" style={{ minWidth: 0 }}>
                {cells[r]![title]}
              </Text>
            </Group>
          )}
          <Box
            component="dl"
            m={0}
            style={{ display: 'grid', gridTemplateColumns: 'minmax(5rem, auto) 1fr', columnGap: 12, rowGap: 4 }}
          >
            {columns.map((column, c) =>
              c === title || c === lead || column.card === 'hidden' || isEmptyCell(cells[r]![c]) ? null : (
                <Field key={column.key} column={column} cell={cells[r]![c]} />
              ),
            )}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

function Field<T>({ column, cell }: { column: Column<T>; cell: ReactNode }) {
  return (
    <>
      <Text component="dt" size="xs" c="dimmed" pt={2}>
        {column.header}
      </Text>
      {/* A long text (an address) wraps in a card: only numbers keep to one line. */}
      <Text
        component="dd"
        size="sm"
        m={0}
        style={{ ...cellStyle(column), whiteSpace: column.numeric ? 'nowrap' : 'normal', minWidth: 0 }}
      >
        {cell}
      </Text>
    </>
  );
}

/** The sort of a list shown as cards, whose headings are not shown: one choice per sortable column and direction. */
export function CardSort<T>({ columns, sort, onSortChange }: { columns: Column<T>[] } & SortProps) {
  const options = columns
    .filter((c) => c.sortable && typeof c.header === 'string')
    .flatMap((c) => {
      const [first, second] = c.sortable === 'desc' ? [`-${c.key}`, c.key] : [c.key, `-${c.key}`];
      const direction = (sort: string) => (sort.startsWith('-') ? 'descending' : 'ascending');
      return [first, second].map((value) => ({ value, label: `${c.header as string}, ${direction(value)}` }));
    });
  if (!options.length) return null;
  return (
    <NativeSelect
      label="Sort by"
      size="xs"
      data={options}
      value={sort}
      onChange={(event) => onSortChange(event.currentTarget.value)}
      w="fit-content"
    />
  );
}
