import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { NoteAttachableType } from '../../shared/constants';
import { PHOTO_MESSAGES } from '../../shared/messages/photos';
import { clientsQuery } from '../api/clients';
import { invoicesQuery } from '../api/invoices';
import { photosQuery } from '../api/photos';
import { secondaryProfilesQuery } from '../api/profiles';
import { propertiesQuery } from '../api/properties';
import { useFormats, useMe } from '../api/session';
import { tasksQuery } from '../api/tasks';
import { visitsQuery } from '../api/visits';

type Option = { value: string; label: string };

const LIMIT = 50;

/** Keeps the options whose label holds the search, for the lists the server does not search. */
const matching = (options: Option[], q: string | undefined) =>
  q ? options.filter((option) => option.label.toLowerCase().includes(q.toLowerCase())) : options;

/**
 * The records of one type the user can see, as options named as people know them (the first 50,
 * searched by name: by the server where its list can, here otherwise).
 */
function useOptions(
  type: NoteAttachableType | '',
  q: string,
): { options: Option[]; loading: boolean; failed: boolean } {
  const formats = useFormats();
  const search = q.trim() || undefined;
  const page = { offset: 0, limit: LIMIT };
  const properties = useQuery({ ...propertiesQuery({ q: search, ...page }), enabled: type === 'property' });
  const tasks = useQuery({ ...tasksQuery({ q: search, ...page }), enabled: type === 'task' });
  const visits = useQuery({ ...visitsQuery({ offset: 0 }), enabled: type === 'visit' });
  const invoices = useQuery({ ...invoicesQuery({ q: search, ...page }), enabled: type === 'invoice' });
  const clients = useQuery({ ...clientsQuery({ q: search, ...page }), enabled: type === 'client' });
  const photos = useQuery({ ...photosQuery({ q: search, ...page }), enabled: type === 'photo' });
  const people = useQuery({ ...secondaryProfilesQuery(page), enabled: type === 'secondary_profile' });
  const me = useMe();
  const active =
    {
      property: properties,
      task: tasks,
      visit: visits,
      invoice: invoices,
      client: clients,
      photo: photos,
      secondary_profile: people,
    }[type as string] ?? null;
  const all: Record<NoteAttachableType, () => Option[]> = {
    property: () => (properties.data?.items ?? []).map((item) => ({ value: item.id, label: item.name })),
    task: () => (tasks.data?.items ?? []).map((item) => ({ value: item.id, label: item.name })),
    visit: () =>
      matching(
        (visits.data?.items ?? []).map((item) => ({
          value: item.id,
          label: `${item.property.name} — ${formats.date(item.scheduledAt)}`,
        })),
        search,
      ),
    invoice: () =>
      (invoices.data?.items ?? []).map((item) => ({
        value: item.id,
        label: `${item.invoiceNumber} — ${item.propertyName}`,
      })),
    client: () => (clients.data?.items ?? []).map((item) => ({ value: item.id, label: item.name })),
    photo: () => (photos.data?.items ?? []).map((item) => ({ value: item.id, label: item.caption || item.fileName })),
    secondary_profile: () =>
      matching(
        (people.data?.items ?? []).map((item) => ({ value: item.id, label: item.displayName })),
        search,
      ),
    // The one profile a user can attach to is their own.
    profile: () =>
      me.data ? [{ value: me.data.profile.id, label: me.data.profile.displayName || me.data.email }] : [],
  };
  return { options: type ? all[type]() : [], loading: Boolean(active?.isFetching), failed: Boolean(active?.isError) };
}

/** Picks the record a new photo or note is attached to, by its name from a search, never by id. */
export function RecordPicker({
  type,
  value,
  onChange,
  error,
  initialLabel,
  label = 'Item',
  description,
}: {
  type: NoteAttachableType | '';
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  /** The name of a record chosen before (from the URL), until the options arrive. */
  initialLabel?: string;
  label?: string;
  description?: string;
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
      label={label}
      description={description}
      clearable
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
