import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import type { Page } from '../../shared/schemas/common';
import { errorMessage } from '../api/http';
import { propertiesQuery, useProperty } from '../api/properties';

// The searchable record select (RecordSelect) and its most used form, PropertySelect. They share
// one file so every page with a property select loads one module (the bundle budgets of
// tests/e2e/bundle-budget.spec.ts have no room for a chunk of its own).

/** A record as a select shows it. */
export interface Named {
  id: string;
  name: string;
}

/**
 * A searchable select of records (the first 50 matches of `search`): the property select, the
 * client select. The chosen one stays among the options while the user types to find another,
 * and the select's own search text (the chosen name) is not a search. `useKnown` names a record
 * chosen before this select was shown (by the record being edited, or by id from the URL); it is
 * called with the value and the id this select chose itself, every render.
 */
export function RecordSelect<T extends Named, K extends readonly unknown[]>({
  value,
  onChange,
  search: searchQuery,
  useKnown = () => null,
  label,
  placeholder,
  noun,
  required,
  clearable,
  error,
  miw,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  search: (q: string | undefined) => UseQueryOptions<Page<T>, Error, Page<T>, K>;
  useKnown?: (value: string | null, chosenId: string | null) => Named | null;
  label: string;
  placeholder: string;
  /** The plural in 'No clients found', 'Failed to load clients'. */
  noun: string;
  required?: boolean;
  clearable?: boolean;
  error?: string;
  miw?: number;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<Named | null>(null);
  const known = useKnown(value, chosen?.id ?? null);
  const current = chosen && chosen.id === value ? chosen : known && known.id === value ? known : null;
  const options = useQuery(searchQuery(current && search === current.name ? undefined : debounced || undefined));
  const data = (options.data?.items ?? []).map((record) => ({ value: record.id, label: record.name }));
  if (current && !data.some((option) => option.value === current.id)) {
    data.unshift({ value: current.id, label: current.name });
  }
  return (
    <Select
      label={label}
      placeholder={placeholder}
      required={required}
      clearable={clearable}
      searchable
      miw={miw}
      data={data}
      value={current ? current.id : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setChosen(next && option ? { id: next, name: option.label } : null);
        onChange(next);
      }}
      nothingFoundMessage={options.isFetching ? 'Loading...' : `No ${noun} found`}
      error={error ?? (options.isError ? errorMessage(options.error, `Failed to load ${noun}`) : undefined)}
    />
  );
}

/** A property chosen by id alone (from the URL) gets its name fetched; one chosen here does not. */
function useKnownProperty(value: string | null, chosenId: string | null): Named | null {
  const byId = useProperty(value && chosenId !== value ? value : '', { retry: false });
  return byId.data ? { id: byId.data.id, name: byId.data.name } : null;
}

/** A searchable select of the properties the user can see (see RecordSelect). */
export function PropertySelect({
  value,
  onChange,
  label = 'Property',
  placeholder = 'Select a property',
  required,
  clearable,
  error,
  miw,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  label?: string;
  placeholder?: string;
  required?: boolean;
  clearable?: boolean;
  error?: string;
  miw?: number;
}) {
  return (
    <RecordSelect
      value={value}
      onChange={onChange}
      search={(q) => propertiesQuery({ q, offset: 0, limit: 50 })}
      useKnown={useKnownProperty}
      label={label}
      placeholder={placeholder}
      noun="properties"
      required={required}
      clearable={clearable}
      error={error}
      miw={miw}
    />
  );
}
