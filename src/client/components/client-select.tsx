import { clientsQuery } from '../api/clients';
import { RecordSelect, type Named } from './property-select';

/**
 * A searchable, clearable select of the workspace's clients, for a property's form;
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
  initial?: Named | null;
  error?: string;
}) {
  return (
    <RecordSelect
      value={value}
      onChange={onChange}
      search={(q) => clientsQuery({ q, offset: 0, limit: 50 })}
      useKnown={() => initial ?? null}
      label="Client"
      placeholder="No client"
      noun="clients"
      clearable
      error={error}
    />
  );
}
