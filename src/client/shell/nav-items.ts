import {
  IconAddressBook,
  IconBuildingStore,
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
  IconUsersGroup,
} from '@tabler/icons-react';
import type { WorkspaceCan } from '../../shared/schemas/workspaces';
import { paths } from '../paths';

/**
 * Where the navigation leads, in order. `phone: true` items sit in the phone's bottom bar; `needs`
 * names what the user must be allowed in the current workspace to see the item;
 * `menuOnly` items are in the phone's Menu, not in the wide screens' row (there the workspace
 * switcher's menu leads to them, and the row stays one line).
 */
export interface NavItem {
  label: string;
  to: string;
  icon: typeof IconSun;
  phone: boolean;
  needs?: keyof WorkspaceCan;
  menuOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Today', to: paths.today(), icon: IconSun, phone: true },
  { label: 'Dashboard', to: paths.dashboard(), icon: IconLayoutDashboard, phone: true },
  { label: 'Visits', to: paths.visits(), icon: IconCalendarEvent, phone: true },
  { label: 'Calendar', to: paths.calendar(), icon: IconCalendarMonth, phone: true },
  { label: 'Properties', to: paths.properties(), icon: IconHome, phone: true },
  { label: 'Clients', to: paths.clients(), icon: IconAddressBook, phone: false, needs: 'manageClients' },
  { label: 'Tasks', to: paths.tasks(), icon: IconChecklist, phone: false },
  { label: 'Photos', to: paths.photos(), icon: IconPhoto, phone: false },
  { label: 'Notes', to: paths.notes(), icon: IconNote, phone: false },
  { label: 'Invoices', to: paths.invoices(), icon: IconReceipt, phone: false, needs: 'seeInvoices' },
  { label: 'Profile', to: paths.profile(), icon: IconUser, phone: false },
  {
    label: 'Business settings',
    to: paths.settings(),
    icon: IconBuildingStore,
    phone: false,
    needs: 'manageSettings',
    menuOnly: true,
  },
  {
    label: 'Members',
    to: paths.members(),
    icon: IconUsersGroup,
    phone: false,
    needs: 'manageMembers',
    menuOnly: true,
  },
];

export const ADMIN_NAV_ITEM: NavItem = { label: 'Users', to: paths.adminUsers(), icon: IconUsers, phone: false };
