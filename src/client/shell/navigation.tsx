import { Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconMenu2 } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { useMe } from '../api/session';
import { BottomSheet } from '../components/overlays';
import { MyRoleBadges } from '../components/role-badge';
import { EmailAddress, wholeText } from '../components/whole-text';
import { ADMIN_NAV_ITEM, NAV_ITEMS } from './nav-items';
import classes from './shell.module.css';
import { SignOutLink } from './sign-out';

function useNavItems() {
  const me = useMe().data;
  const items = NAV_ITEMS.filter((item) => !item.needs || me?.can?.[item.needs]);
  return me?.isAdmin ? [...items, ADMIN_NAV_ITEM] : items;
}

/** Wide screens: the areas in a row under the header. */
export function TopNav() {
  const items = useNavItems().filter((item) => !item.menuOnly);
  return (
    <nav aria-label="Main" className={classes.topNav}>
      {items.map(({ label, to, icon: Icon }) => (
        <NavLink key={to} to={to} className={classes.topNavLink}>
          <Icon size={18} aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

/** Phones (600 px and less): a bar along the bottom with the main areas and a Menu with all of them. */
export function BottomNav() {
  const items = useNavItems();
  const me = useMe().data;
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <nav aria-label="Main" className={classes.bottomNav}>
        {items
          .filter((item) => item.phone)
          .map(({ label, to, icon: Icon }) => (
            <NavLink key={to} to={to} className={classes.bottomNavItem}>
              <Icon size={22} aria-hidden />
              {label}
            </NavLink>
          ))}
        <button type="button" className={classes.bottomNavItem} onClick={open} aria-haspopup="dialog">
          <IconMenu2 size={22} aria-hidden />
          Menu
        </button>
      </nav>
      <BottomSheet opened={opened} onClose={close} title="Menu">
        <Stack gap={4} component="nav" aria-label="All areas">
          {items.map(({ label, to, icon: Icon }) => (
            <NavLink key={to} to={to} className={classes.menuLink} onClick={close}>
              <Icon size={22} aria-hidden />
              {label}
            </NavLink>
          ))}
        </Stack>
        {me && (
          <Group justify="space-between" wrap="nowrap" mt="md" gap="xs">
            <Group gap="xs" miw={0}>
              <Text size="sm" style={wholeText}>
                <EmailAddress email={me.email} />
              </Text>
              <MyRoleBadges me={me} />
            </Group>
            <SignOutLink className={classes.menuLink}>
              <IconLogout size={22} aria-hidden />
              Sign out
            </SignOutLink>
          </Group>
        )}
      </BottomSheet>
    </>
  );
}
