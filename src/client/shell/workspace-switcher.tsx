import { createScopedKeydownHandler, Popover, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconCheck, IconDoorExit, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useId, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSwitchWorkspace } from '../api/workspaces';
import { StatusBadge } from '../components/status-badge';
import { paths } from '../paths';
import classes from './shell.module.css';
import type { Me } from '../api/session';

type Workspace = NonNullable<Me['workspace']>;

// The header's workspace switcher. Its menu follows the WAI-ARIA menu pattern on Mantine's
// Popover: focus moves into it and back, Escape and a click outside close it, the arrow keys, Home
// and End move between its items. Not Mantine's Menu: its sub-menus bring floating-ui's hover code
// into the chunk every page loads (tests/e2e/bundle-budget.spec.ts; docs/decisions/workspaces.md).

const moveFocus = createScopedKeydownHandler({
  parentSelector: '[data-workspace-menu]',
  siblingSelector: '[data-menu-item]',
  loop: true,
  orientation: 'vertical',
});

/**
 * The current workspace's name (shortened, whole in its title) and the user's role there. Its menu
 * lists every workspace of the user with their role, the current one checked; choosing another
 * opens its dashboard in this tab. Owners and managers also reach the business settings and the
 * members from it; a technician the page where they can leave.
 */
export function WorkspaceSwitcher({ me }: { me: Me }) {
  const workspace = me.workspace;
  if (!workspace) return null;
  return <SwitcherMenu me={me} workspace={workspace} />;
}

function SwitcherMenu({ me, workspace }: { me: Me; workspace: Workspace }) {
  const [opened, setOpened] = useState(false);
  const switchTo = useSwitchWorkspace();
  const labelId = useId();
  const close = () => setOpened(false);
  // A menu is left with Tab, not walked through; the arrows move inside it.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) =>
    event.key === 'Tab' ? close() : moveFocus(event as KeyboardEvent<HTMLButtonElement>);
  const linkProps = { onKeyDown, onClick: close };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={300} shadow="md" trapFocus returnFocus>
      <Popover.Target popupType="menu">
        <SwitcherButton workspace={workspace} onClick={() => setOpened((now) => !now)} />
      </Popover.Target>
      <Popover.Dropdown p={4} role="menu" aria-labelledby={labelId} data-workspace-menu>
        <Text id={labelId} size="xs" fw={500} c="dimmed" px="sm" py={6}>
          Your workspaces
        </Text>
        {me.workspaces.map((choice) => {
          const current = choice.id === workspace.id;
          return (
            <MenuItem
              key={choice.id}
              role="menuitemradio"
              aria-checked={current}
              data-autofocus={current || undefined}
              disabled={switchTo.isPending}
              onKeyDown={onKeyDown}
              onClick={() => {
                close();
                if (!current) switchTo.mutate(choice.id);
              }}
              icon={current ? <IconCheck size={18} aria-hidden /> : <span className={classes.menuIcon} />}
              right={<StatusBadge kind="workspaceRole" value={choice.role} size="sm" />}
            >
              <span className={classes.menuItemName} title={choice.name}>
                {choice.name}
              </span>
            </MenuItem>
          );
        })}
        <div role="separator" className={classes.menuSeparator} />
        {me.can?.manageSettings && (
          <MenuLink to={paths.settings()} icon={<IconBuildingStore size={18} aria-hidden />} {...linkProps}>
            Business settings
          </MenuLink>
        )}
        {me.can?.manageMembers && (
          <MenuLink to={paths.members()} icon={<IconUsersGroup size={18} aria-hidden />} {...linkProps}>
            Members
          </MenuLink>
        )}
        <MenuLink to={paths.newBusiness()} icon={<IconPlus size={18} aria-hidden />} {...linkProps}>
          New business
        </MenuLink>
        {!me.can?.manageMembers && (
          // Technicians do not see the team, but may leave; the page asks first.
          <MenuLink to={paths.members()} icon={<IconDoorExit size={18} aria-hidden />} {...linkProps}>
            Leave workspace
          </MenuLink>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

/** 'Harbourside Property Maintenance' → 'HP': the first letters of its first two words. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => [...word][0]!.toLocaleUpperCase())
    .join('');
}

/**
 * The button: the current workspace's name (shortened on wide screens, its initials on a phone,
 * whole in its title and its accessible name) and the user's role there.
 */
function SwitcherButton({ workspace, className, ...props }: { workspace: Workspace } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      title={workspace.name}
      {...props}
      className={className ? `${classes.switcher} ${className}` : classes.switcher}
    >
      <span className={classes.visuallyHidden}>Workspace: </span>
      {/* On a phone the page's title has the header's room: the business shows as its initials. */}
      <span className={classes.switcherInitials} aria-hidden>
        {initials(workspace.name) || <IconBuildingStore size={18} />}
      </span>
      <span className={classes.switcherName}>{workspace.name}</span>
      <span className={classes.switcherRole}>
        <StatusBadge kind="workspaceRole" value={workspace.role} size="sm" />
      </span>
    </button>
  );
}

function MenuItem({
  icon,
  right,
  children,
  ...props
}: {
  icon: ReactNode;
  right?: ReactNode;
  children: ReactNode;
  role: 'menuitemradio';
  'aria-checked': boolean;
  'data-autofocus'?: boolean;
  disabled: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onClick: () => void;
}) {
  return (
    <UnstyledButton className={classes.menuItem} tabIndex={-1} data-menu-item {...props}>
      {icon}
      <span className={classes.menuItemLabel}>{children}</span>
      {right}
    </UnstyledButton>
  );
}

function MenuLink({
  to,
  icon,
  children,
  onKeyDown,
  onClick,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onClick: () => void;
}) {
  return (
    <Link
      to={to}
      role="menuitem"
      tabIndex={-1}
      data-menu-item
      className={classes.menuItem}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      {icon}
      <span className={classes.menuItemLabel}>{children}</span>
    </Link>
  );
}
