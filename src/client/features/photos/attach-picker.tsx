import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PhotoAttachableType } from '../../../shared/constants';
import { PHOTO_MESSAGES } from '../../../shared/messages/photos';
import { invoicesQuery } from '../../api/invoices';
import { propertiesQuery } from '../../api/properties';
import { tasksQuery } from '../../api/tasks';
import { visitsQuery } from '../../api/visits';
import { formatDate } from '../../lib/datetime';

type Option = { value: string; label: string };

/** The records of one type the user can see, as options (the first 50, searched by name where the list can). */
function useOptions(
  type: PhotoAttachableType | '',
  q: string,
): { options: Option[]; loading: boolean; failed: boolean } {
  const search = q.trim() || undefined;
  const properties = useQuery({
    ...propertiesQuery({ q: search, offset: 0, limit: 50 }),
    enabled: type === 'property',
  });
  const tasks = useQuery({ ...tasksQuery({ q: search, offset: 0, limit: 50 }), enabled: type === 'task' });
  const visits = useQuery({ ...visitsQuery({ offset: 0 }), enabled: type === 'visit' });
  const invoices = useQuery({ ...invoicesQuery({ q: search, offset: 0, limit: 50 }), enabled: type === 'invoice' });
  const active = { property: properties, task: tasks, visit: visits, invoice: invoices }[type as string] ?? null;
  const options: Option[] =
    type === 'property'
      ? (properties.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))
      : type === 'task'
        ? (tasks.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))
        : type === 'visit'
          ? (visits.data?.items ?? []).map((item) => ({
              value: item.id,
              label: `${item.property.name} — ${formatDate(item.scheduledAt)}`,
            }))
          : type === 'invoice'
            ? (invoices.data?.items ?? []).map((item) => ({
                value: item.id,
                label: `${item.invoiceNumber} — ${item.propertyName}`,
              }))
            : [];
  return { options, loading: Boolean(active?.isFetching), failed: Boolean(active?.isError) };
}

/** Picks the record a new photo is attached to (spec §5: property, task, visit or invoice). */
export function AttachPicker({
  type,
  value,
  onChange,
  error,
  initialLabel,
}: {
  type: PhotoAttachableType | '';
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  /** The name of a record chosen before (from the URL), until the options arrive. */
  initialLabel?: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [picked, setChosen] = useState<Option | null>(null);
  const chosen = picked ?? (value && initialLabel ? { value, label: initialLabel } : null);
  const { options, loading, failed } = useOptions(type, chosen && search === chosen.label ? '' : q);
  if (chosen && chosen.value === value && !options.some((option) => option.value === chosen.value))
    options.unshift(chosen);
  return (
    <Select
      label="Item"
      placeholder={type ? 'Select an item' : 'Choose a type first'}
      disabled={!type}
      searchable
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setChosen(next && option ? { value: next, label: option.label } : null);
        onChange(next);
      }}
      filter={({ options: all }) => all}
      nothingFoundMessage={loading ? 'Loading...' : 'Nothing found'}
      error={error ?? (failed ? PHOTO_MESSAGES.loadEntitiesFailed : undefined)}
    />
  );
}
