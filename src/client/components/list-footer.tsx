import { Group, Pagination, Text } from '@mantine/core';

/** Below a paginated list: "21–40 of 57" and, when there is more than a page, the page buttons. */
export function ListFooter({
  total,
  offset,
  pageSize,
  onPage,
  noun = 'items',
}: {
  total: number;
  offset: number;
  pageSize: number;
  /** Called with the 1-based page to show. */
  onPage: (page: number) => void;
  noun?: string;
}) {
  if (total === 0) return null;
  const from = Math.min(offset + 1, total);
  const to = Math.min(offset + pageSize, total);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {from}–{to} of {total} {noun}
      </Text>
      {total > pageSize && (
        <Pagination
          size="sm"
          total={Math.ceil(total / pageSize)}
          value={Math.floor(offset / pageSize) + 1}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        />
      )}
    </Group>
  );
}
