import {
  IconCalendarEvent,
  IconCalendarMonth,
  IconChecklist,
  IconSun,
  IconHome,
  IconLayoutDashboard,
  IconNote,
  IconPhoto,
  IconReceipt,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { paths } from '../paths';

/** Where the navigation leads, in order. `phone: true` items sit in the phone's bottom bar. */
export const NAV_ITEMS = [
  { label: 'Today', to: paths.today(), icon: IconSun, phone: true },
  { label: 'Dashboard', to: paths.dashboard(), icon: IconLayoutDashboard, phone: true },
  { label: 'Visits', to: paths.visits(), icon: IconCalendarEvent, phone: true },
  { label: 'Calendar', to: paths.calendar(), icon: IconCalendarMonth, phone: true },
  { label: 'Properties', to: paths.properties(), icon: IconHome, phone: true },
  { label: 'Tasks', to: paths.tasks(), icon: IconChecklist, phone: false },
  { label: 'Photos', to: paths.photos(), icon: IconPhoto, phone: false },
  { label: 'Notes', to: paths.notes(), icon: IconNote, phone: false },
  { label: 'Invoices', to: paths.invoices(), icon: IconReceipt, phone: false },
  { label: 'Profile', to: paths.profile(), icon: IconUser, phone: false },
] as const;

export const ADMIN_NAV_ITEM = { label: 'Users', to: paths.adminUsers(), icon: IconUsers, phone: false } as const;
