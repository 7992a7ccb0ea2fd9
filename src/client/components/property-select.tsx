import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '../api/http';
import { useProperties, useProperty } from '../api/properties';

/**
 * A searchable select of the properties the user can see (the first 50 matches). The chosen
 * one stays among the options while the user types to find another, and a property chosen
 * by id alone (from the URL) gets its name fetched.
 */
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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const byId = useProperty(value && chosen?.id !== value ? value : '', { retry: false });
  const current =
    chosen && chosen.id === value
      ? chosen
      : byId.data && byId.data.id === value
        ? { id: byId.data.id, name: byId.data.name }
        : null;
  // The select shows the chosen name as its search text: that is not a search.
  const options = useProperties({
    q: current && search === current.name ? undefined : debounced || undefined,
    offset: 0,
    limit: 50,
  });
  const data = (options.data?.items ?? []).map((property) => ({ value: property.id, label: property.name }));
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
      nothingFoundMessage={options.isFetching ? 'Loading...' : 'No properties found'}
      error={error ?? (options.isError ? errorMessage(options.error, 'Failed to load properties') : undefined)}
    />
  );
}
