import { Popover, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { MyRoleBadges } from '../components/role-badge';
import { EmailAddress, wholeText } from '../components/whole-text';
import classes from './shell.module.css';
import { SignOutLink } from './sign-out';
import type { Me } from '../api/session';

/**
 * spec §1 and §2: the signed-in user and Sign out, in a menu at the end of the header. The
 * dashboard names the user by display name (else e-mail), the other pages by e-mail. Wide screens
 * show that name on the button; a phone shows an icon, and the name in the menu, whole.
 * The menu stays in the page while closed (hidden), so the name is always in the document.
 */
export function AccountMenu({ me, home }: { me: Me; home: boolean }) {
  const [opened, setOpened] = useState(false);
  const name = home ? me.profile.displayName || me.email : me.email;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      // Wide enough for a 45-character address to break only at its '@'.
      width={320}
      shadow="md"
      keepMounted
      keepMountedMode="display-none"
      trapFocus
      returnFocus
    >
      <Popover.Target popupType="dialog">
        <button type="button" className={classes.account} onClick={() => setOpened((now) => !now)}>
          <IconUserCircle size={22} aria-hidden className={classes.accountIcon} />
          <span className={classes.visuallyHidden}>Account: </span>
          <span className={classes.accountName}>{name}</span>
          <IconChevronDown size={14} aria-hidden className={classes.accountChevron} />
        </button>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label="Account">
        <Stack gap={6} px={6} pb={6}>
          <Text size="sm" fw={600} style={wholeText} data-testid={home ? 'dashboard-user' : 'signed-in-email'}>
            {name === me.email ? <EmailAddress email={name} /> : name}
          </Text>
          {home && name !== me.email && (
            <Text size="xs" c="dimmed" style={wholeText}>
              <EmailAddress email={me.email} />
            </Text>
          )}
          <MyRoleBadges me={me} />
        </Stack>
        <SignOutLink className={classes.menuItem} onSignOut={() => setOpened(false)}>
          <IconLogout size={18} aria-hidden />
          Sign out
        </SignOutLink>
      </Popover.Dropdown>
    </Popover>
  );
}
