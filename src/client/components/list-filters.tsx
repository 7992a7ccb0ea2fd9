import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { UrlList } from '../lib/use-url-list';

interface ListFiltersProps {
  list: UrlList;
  search: { label: string; placeholder?: string };
  /** One select kept in the URL under `key`; its first option ('All …') clears it. None: the search alone. */
  filter?: {
    key: string;
    label: string;
    allLabel: string;
    options: { value: string; label: string }[];
    value: string | undefined;
  };
}

/** A list's search box and its one filter (if any), side by side, wrapping on a phone. */
export function ListFilters({ list, search, filter }: ListFiltersProps) {
  return (
    <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
      <TextInput
        label={search.label}
        placeholder={search.placeholder}
        type="search"
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        miw={200}
      />
      {filter && (
        <NativeSelect
          label={filter.label}
          data={[{ value: '', label: filter.allLabel }, ...filter.options]}
          value={filter.value ?? ''}
          onChange={(event) => list.setFilter(filter.key, event.currentTarget.value)}
          miw={160}
        />
      )}
    </Group>
  );
}
