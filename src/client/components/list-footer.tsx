import { Group, Pagination, Text } from '@mantine/core';
import { DEFAULT_LOCALITY, formatsFor, type Formats } from '../../shared/formats';
import { useFormats } from '../api/session';

/**
 * The footer's words: '21–40 of 57', or past 1,000 rows (the server stops counting there,
 * `totalCapped`) '21–40 of 1,000+'. `shown` is the number of rows on this page.
 */
export function footerText({
  total,
  totalCapped = false,
  offset,
  pageSize,
  shown,
  noun,
  formats = formatsFor(DEFAULT_LOCALITY),
}: {
  total: number;
  totalCapped?: boolean;
  offset: number;
  pageSize: number;
  shown?: number;
  noun: string;
  /** The business's formatters, which write the counts ('1,000'; '1.000' in de-DE). */
  formats?: Formats;
}): string {
  const count = formats.number;
  const from = Math.min(offset + 1, total);
  const to = totalCapped ? offset + (shown ?? pageSize) : Math.min(offset + pageSize, total);
  return `${count(from)}–${count(to)} of ${count(total)}${totalCapped ? '+' : ''} ${noun}`;
}

/**
 * How many pages the buttons offer. A capped total is a floor: while this page is full there is
 * a next one to ask for, so Next stays enabled.
 */
export function pageCount(total: number, totalCapped: boolean, offset: number, pageSize: number, shown?: number) {
  const pages = Math.ceil(total / pageSize);
  if (!totalCapped) return pages;
  const current = Math.floor(offset / pageSize) + 1;
  return Math.max(pages, (shown ?? pageSize) === pageSize ? current + 1 : current);
}

/** Below a paginated list: "21–40 of 57" (or "of 1,000+") and, when there is more than a page, the page buttons. */
export function ListFooter({
  total,
  totalCapped = false,
  offset,
  pageSize,
  shown,
  onPage,
  noun = 'items',
}: {
  total: number;
  /** The server stopped counting at `total` (Page.totalCapped). */
  totalCapped?: boolean;
  offset: number;
  pageSize: number;
  /** Rows on this page; needed when the total is capped. */
  shown?: number;
  /** Called with the 1-based page to show. */
  onPage: (page: number) => void;
  noun?: string;
}) {
  const formats = useFormats();
  if (total === 0) return null;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {footerText({ total, totalCapped, offset, pageSize, shown, noun, formats })}
      </Text>
      {(total > pageSize || totalCapped) && (
        <Pagination
          size="sm"
          total={pageCount(total, totalCapped, offset, pageSize, shown)}
          value={Math.floor(offset / pageSize) + 1}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        />
      )}
    </Group>
  );
}
