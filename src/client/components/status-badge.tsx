import { Badge, type BadgeProps } from '@mantine/core';
import {
  DEFAULT_DISPLAYED_PROPERTY_ROLE,
  type AccountRole,
  type InvoiceStatus,
  type NoteAttachableType,
  type PropertyRole,
  type VisitRole,
  type VisitStatus,
  type VisitTaskStatus,
  type WorkspaceRole,
} from '../../shared/constants';

// One colour map for every status and role in the app (lists, details, the calendar).

interface Kinds {
  visit: VisitStatus;
  visitTask: VisitTaskStatus;
  invoice: InvoiceStatus;
  accountRole: AccountRole;
  propertyRole: PropertyRole;
  workspaceRole: WorkspaceRole;
  visitRole: VisitRole;
  attachable: NoteAttachableType;
}

type Style = { color: string; label: string };

export const STATUS_STYLES: { [K in keyof Kinds]: Record<Kinds[K], Style> } = {
  visit: {
    scheduled: { color: 'blue', label: 'Scheduled' },
    in_progress: { color: 'yellow', label: 'In progress' },
    completed: { color: 'green', label: 'Completed' },
    cancelled: { color: 'gray', label: 'Cancelled' },
  },
  visitTask: {
    pending: { color: 'gray', label: 'Pending' },
    in_progress: { color: 'yellow', label: 'In progress' },
    completed: { color: 'green', label: 'Completed' },
    skipped: { color: 'orange', label: 'Skipped' },
  },
  invoice: {
    draft: { color: 'gray', label: 'Draft' },
    sent: { color: 'blue', label: 'Sent' },
    paid: { color: 'green', label: 'Paid' },
    overdue: { color: 'red', label: 'Overdue' },
    cancelled: { color: 'dark', label: 'Cancelled' },
    void: { color: 'dark', label: 'Void' },
  },
  // spec §2: admin red, provider blue, customer green
  accountRole: {
    admin: { color: 'red', label: 'admin' },
    provider: { color: 'blue', label: 'provider' },
    customer: { color: 'green', label: 'customer' },
  },
  propertyRole: {
    owner: { color: 'teal', label: 'owner' },
    technician: { color: 'grape', label: 'technician' },
  },
  // A member's role in the business.
  workspaceRole: {
    owner: { color: 'teal', label: 'owner' },
    manager: { color: 'blue', label: 'manager' },
    technician: { color: 'grape', label: 'technician' },
  },
  visitRole: {
    lead: { color: 'blue', label: 'Lead' },
    assistant: { color: 'gray', label: 'Assistant' },
  },
  // spec §2 Notes: one colour per attachment type, underscores shown as spaces
  attachable: {
    property: { color: 'teal', label: 'property' },
    task: { color: 'violet', label: 'task' },
    visit: { color: 'blue', label: 'visit' },
    invoice: { color: 'orange', label: 'invoice' },
    client: { color: 'indigo', label: 'client' },
    profile: { color: 'cyan', label: 'profile' },
    secondary_profile: { color: 'pink', label: 'secondary profile' },
    photo: { color: 'lime', label: 'photo' },
  },
};

export const statusLabel = <K extends keyof Kinds>(kind: K, value: Kinds[K]) =>
  (STATUS_STYLES[kind] as Record<string, Style>)[value]!.label;

/** A status or role as a coloured badge that never shrinks in a tight row. */
export function StatusBadge<K extends keyof Kinds>({
  kind,
  value,
  size,
  label,
}: {
  kind: K;
  value: Kinds[K];
  size?: BadgeProps['size'];
  /** The accessible name, when the label alone would be ambiguous ('Role: owner'). */
  label?: string;
}) {
  const style = (STATUS_STYLES[kind] as Record<string, Style>)[value]!;
  return (
    <Badge color={style.color} variant="light" size={size} aria-label={label} style={{ flexShrink: 0 }}>
      {style.label}
    </Badge>
  );
}

/** The user's relationship to a property; spec §2/§9: technician when none is known. */
export function PropertyRoleBadge({ role }: { role: PropertyRole | null }) {
  const shown = role ?? DEFAULT_DISPLAYED_PROPERTY_ROLE;
  return <StatusBadge kind="propertyRole" value={shown} label={`Role: ${shown}`} />;
}
