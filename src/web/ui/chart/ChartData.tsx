import { type RefObject } from 'react';
import { ActionIcon, Anchor, Menu, Table, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { IconDotsVertical, IconFileSpreadsheet, IconPhoto, IconTable } from '@tabler/icons-react';
import { csvLine } from '../../../contract/csv';

/** What a chart draws, as rows: its CSV download and its data table say exactly this. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
  /** Where a value's rows are listed (click-through), by row and column; null where there is no list. */
  href?: (row: number, column: number) => string | null;
}

const fileName = (title: string, ext: string) =>
  `${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${new Date().toISOString().slice(0, 10)}.${ext}`;

function download(name: string, href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

export function downloadCsv(title: string, table: ChartTable) {
  const text = [table.columns, ...table.rows].map(csvLine).join('');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  download(fileName(title, 'csv'), url);
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The chart's canvas on the card's own background (the canvas itself is transparent). */
function downloadPng(title: string, card: HTMLElement) {
  const source = card.querySelector<HTMLCanvasElement>('canvas');
  if (!source) return;
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = getComputedStyle(card).backgroundColor || '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(source, 0, 0);
  download(fileName(title, 'png'), canvas.toDataURL('image/png'));
}

/** A chart's menu: its rows as CSV, its picture as PNG, and its data table shown or hidden. */
export function ChartMenu({
  title,
  table,
  card,
  tableShown,
  onToggleTable,
}: {
  title: string;
  table: ChartTable | null;
  card: RefObject<HTMLElement | null>;
  tableShown: boolean;
  onToggleTable(): void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`${title}: download or show as a table`}
          disabled={!table}
        >
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => table && downloadCsv(title, table)}>
          Download CSV
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPhoto size={16} />}
          onClick={() => card.current && downloadPng(title, card.current)}
        >
          Download PNG
        </Menu.Item>
        <Menu.Item leftSection={<IconTable size={16} />} onClick={onToggleTable}>
          {tableShown ? 'Hide data table' : 'Show data table'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function Cell({ value, href }: { value: string | number; href: string | null }) {
  const text = typeof value === 'number' ? value.toLocaleString('en-US') : value;
  return href ? (
    <Anchor component={Link} to={href} size="sm">
      {text}
    </Anchor>
  ) : (
    text
  );
}

/** The chart's rows as a table: shown on request, and always there for screen readers; values link to their rows. */
export function ChartDataTable({ caption, table, shown }: { caption: string; table: ChartTable; shown: boolean }) {
  const content = (
    <Table.ScrollContainer minWidth={320} mt="sm">
      <Table striped withTableBorder fz="sm">
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((c) => (
              <Table.Th key={c} scope="col">
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, i) => (
            <Table.Tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <Table.Th key={j} scope="row" fw={400}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={j}>
                    <Cell value={cell} href={table.href?.(i, j) ?? null} />
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return shown ? content : <VisuallyHidden>{content}</VisuallyHidden>;
}
