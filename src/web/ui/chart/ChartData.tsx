import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ActionIcon, Anchor, Box, Menu, Table, Text, useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { IconDotsVertical, IconFileSpreadsheet, IconPhoto, IconTable } from '@tabler/icons-react';
import { csvLine } from '../../../contract/csv';
import type { ChartOption } from './types';

/** What a chart draws, as rows: its CSV download and its data table say exactly this. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
  /** Where a value's rows are listed (click-through), by row and column; null where there is no list. */
  href?: (row: number, column: number) => string | null;
  /**
   * The last column is a flag ("yes" or empty): kept as a column in the CSV, and on the page shown as this word under
   * the flagged row's first cell instead, so the table is no wider for it.
   */
  flaggedAs?: string;
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

/** What a chart's picture draws: its option, the stretch of time it shows, and its height on the page. */
export interface ChartPicture {
  option: ChartOption;
  /** As a reader names it: "Monthly · Dec 2025 – Nov 2026". */
  period: string;
  height: number;
}

/** The chart as a PNG on the card's own background, with its title, period and legend (drawn by the chart's code). */
async function downloadPng(title: string, picture: ChartPicture, card: HTMLElement, scheme: 'light' | 'dark') {
  const { picturePng } = await import('./picture');
  const background = getComputedStyle(card).backgroundColor || '#fff';
  const png = await picturePng({ ...picture, title, scheme, background });
  const url = URL.createObjectURL(png);
  download(fileName(title, 'png'), url);
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A chart's menu: its rows as CSV, its picture as PNG, its data table shown or hidden, and the page's own items. */
export function ChartMenu({
  title,
  table,
  picture,
  card,
  tableShown,
  onToggleTable,
  children,
}: {
  title: string;
  table: ChartTable | null;
  picture: ChartPicture | null;
  card: RefObject<HTMLElement | null>;
  tableShown: boolean;
  onToggleTable(): void;
  /** The page's own items, below the kit's (`Menu.Item`s). */
  children?: ReactNode;
}) {
  const scheme = useComputedColorScheme('light');
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
          disabled={!picture}
          onClick={() => picture && card.current && void downloadPng(title, picture, card.current, scheme)}
        >
          Download PNG
        </Menu.Item>
        <Menu.Item leftSection={<IconTable size={16} />} onClick={onToggleTable}>
          {tableShown ? 'Hide data table' : 'Show data table'}
        </Menu.Item>
        {children}
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

/** Whether an element's content is wider than the element, followed as either changes size. */
function useOverflows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

/**
 * A table that scrolls sideways inside its box when it is wider (a phone): the box is then a labelled region that
 * takes the keyboard's focus, so its hidden columns can be scrolled to with the arrow keys.
 */
function SidewaysScroll({ label, children }: { label: string; children: ReactNode }) {
  const [ref, overflows] = useOverflows<HTMLDivElement>();
  return (
    <Box
      ref={ref}
      mt="sm"
      style={{ overflowX: 'auto' }}
      {...(overflows && { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` })}
    >
      {children}
    </Box>
  );
}

/**
 * The chart's rows as a table: shown on request, and always there for screen readers; values link to their rows.
 * Compact, with headers that wrap, so it fits a chart's card on a desktop; it scrolls on a phone.
 */
export function ChartDataTable({ caption, table, shown }: { caption: string; table: ChartTable; shown: boolean }) {
  const width = table.flaggedAs ? table.columns.length - 1 : table.columns.length;
  const content = (
    <Table striped withTableBorder fz="sm" horizontalSpacing={6} verticalSpacing={4}>
      <caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.slice(0, width).map((c) => (
            <Table.Th key={c} scope="col" style={{ verticalAlign: 'bottom' }}>
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row, i) => (
          <Table.Tr key={i}>
            {row.slice(0, width).map((cell, j) =>
              j === 0 ? (
                <Table.Th key={j} scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                  {cell}
                  {table.flaggedAs && row[width] ? (
                    <Text component="span" display="block" size="xs" c="dimmed">
                      {table.flaggedAs}
                    </Text>
                  ) : null}
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
  );
  // Hidden, it is only read aloud: no scrolling box, which would be a stop for the keyboard on nothing visible.
  return shown ? (
    <SidewaysScroll label={caption}>{content}</SidewaysScroll>
  ) : (
    <VisuallyHidden>{content}</VisuallyHidden>
  );
}
