import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useClients } from '../api/clients';
import { errorMessage } from '../api/http';

/**
 * Issue 26: a searchable, clearable select of the workspace's clients (the first 50 matches), for
 * a property's form. The chosen one stays among the options while the user types another name;
 * `initial` names the client the record already has, so it shows before any search.
 */
export function ClientSelect({
  value,
  onChange,
  initial,
  error,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  initial?: { id: string; name: string } | null;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(initial ?? null);
  const current = chosen && chosen.id === value ? chosen : null;
  // The select shows the chosen name as its search text: that is not a search.
  const options = useClients({
    q: current && search === current.name ? undefined : debounced || undefined,
    offset: 0,
    limit: 50,
  });
  const data = (options.data?.items ?? []).map((client) => ({ value: client.id, label: client.name }));
  if (current && !data.some((option) => option.value === current.id)) {
    data.unshift({ value: current.id, label: current.name });
  }
  return (
    <Select
      label="Client"
      placeholder="No client"
      clearable
      searchable
      data={data}
      value={current ? current.id : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setChosen(next && option ? { id: next, name: option.label } : null);
        onChange(next);
      }}
      nothingFoundMessage={options.isFetching ? 'Loading...' : 'No clients found'}
      error={error ?? (options.isError ? errorMessage(options.error, 'Failed to load clients') : undefined)}
    />
  );
}
