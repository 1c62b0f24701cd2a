import { Button, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { EXACT_COUNT_LIMIT, PAGE_SIZES, type PageSize } from '../../contract/pagination';
import type { RefObject } from 'react';

/** What a list page asks the server for: a page number, the cursor it starts after, an exact count (ADR 015). */
export interface PageRequest {
  page: number;
  after?: string;
  exact?: '1';
}

interface PageLinksProps {
  /** Rows on this page. */
  shown: number;
  total: number;
  estimated: boolean;
  nextCursor: string | null;
  page: number;
  perPage: number;
  onPerPageChange?(perPage: PageSize): void;
  exact: boolean;
  onPageChange?(request: PageRequest): void;
  /** Cursors of the pages visited by Next, kept by the table across its loading and error states. */
  cursors: RefObject<Map<number, string>>;
}

/** Under a table: which rows of how many it shows, and the way to other pages (ADR 015). */
export function PageLinks({
  shown,
  total,
  estimated,
  nextCursor,
  page,
  perPage,
  onPerPageChange,
  exact,
  onPageChange,
  cursors,
}: PageLinksProps) {
  const first = (page - 1) * perPage + 1;
  // Numbered pages only while every page is within reach of an offset; past it, Previous and Next with cursors.
  const numbered = !estimated && total <= EXACT_COUNT_LIMIT;
  const last = numbered ? Math.min(total, page * perPage) : first + shown - 1;
  const keep = exact ? { exact: '1' as const } : {};
  const go = (request: PageRequest) => onPageChange?.({ ...request, ...keep });
  return (
    <Group justify="space-between" mt="sm" gap="xs">
      <Group gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {estimated ? 'about ' : ''}
          {total.toLocaleString('en-US')}
        </Text>
        {/* Offered once there is more than the smallest page to show. */}
        {onPerPageChange && total > PAGE_SIZES[0] && <PageSizeChoice perPage={perPage} onChange={onPerPageChange} />}
        {estimated && onPageChange && (
          <Button variant="subtle" size="compact-xs" onClick={() => onPageChange({ page: 1, exact: '1' })}>
            Count exactly
          </Button>
        )}
      </Group>
      {onPageChange &&
        (numbered ? (
          <NumberedPages pages={Math.max(1, Math.ceil(total / perPage))} page={page} go={go} />
        ) : (
          <CursorPages page={page} perPage={perPage} nextCursor={nextCursor} cursors={cursors} go={go} />
        ))}
    </Group>
  );
}

function PageSizeChoice({ perPage, onChange }: { perPage: number; onChange(perPage: PageSize): void }) {
  return (
    <NativeSelect
      size="xs"
      aria-label="Rows per page"
      data={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} a page` }))}
      value={String(perPage)}
      onChange={(event) => onChange(Number(event.currentTarget.value) as PageSize)}
    />
  );
}

function NumberedPages({ pages, page, go }: { pages: number; page: number; go(request: PageRequest): void }) {
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={(p) => go({ page: p })}
      size="sm"
      siblings={1}
      boundaries={1}
      aria-label="Pages"
      getItemProps={(p) => ({
        'aria-label': `Page ${p}`,
        'aria-current': p === page ? 'page' : undefined,
      })}
      getControlProps={(control) => ({
        'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
      })}
    />
  );
}

/** Previous and Next past the numbered pages: Next follows the server's cursor, Previous the cursors kept. */
function CursorPages({
  page,
  perPage,
  nextCursor,
  cursors,
  go,
}: Pick<PageLinksProps, 'page' | 'perPage' | 'nextCursor' | 'cursors'> & { go(request: PageRequest): void }) {
  const previous = () => {
    const after = cursors.current.get(page - 1);
    const reachable = (page - 2) * perPage < EXACT_COUNT_LIMIT;
    go(after || reachable ? { page: page - 1, after } : { page: 1 });
  };
  const next = () => {
    if (!nextCursor) return;
    cursors.current.set(page + 1, nextCursor);
    go({ page: page + 1, after: nextCursor });
  };
  return (
    <Group gap="xs" role="navigation" aria-label="Pages">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={previous}>
        Previous page
      </Button>
      <Text size="sm" aria-current="page">
        Page {page.toLocaleString('en-US')}
      </Text>
      <Button variant="default" size="xs" disabled={!nextCursor} onClick={next}>
        Next page
      </Button>
    </Group>
  );
}
