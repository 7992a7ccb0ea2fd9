import { Anchor, Group } from '@mantine/core';
import { IconMail, IconMapPin, IconMessage, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// One tap to reach people and places. Call (tel:), Text (sms:), E-mail (mailto:) and
// Directions (a maps search for the address), each a 44 px target named for whom or where it
// reaches ('Call Ada Lovelace', 'Directions to Elm House'). The one maps link of the app.

/** A maps search for the address: opens the phone's maps app, or Google Maps in a browser. */
export const directionsUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** A phone number as a tel:/sms: target wants it: digits, with a leading + kept. */
const dialable = (phone: string) => phone.replace(/(?!^\+)[^\d]/g, '');

export type ContactAction = 'call' | 'text' | 'email' | 'directions';

/** A 44 px target. */
const TARGET = {
  minHeight: 44,
  minWidth: 44,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  paddingInline: 6,
} as const;

function Action({ href, label, icon, children }: { href: string; label: string; icon: ReactNode; children: string }) {
  const external = href.startsWith('https:');
  return (
    <Anchor
      href={href}
      size="sm"
      aria-label={label}
      style={TARGET}
      {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}
    >
      {icon}
      {children}
    </Anchor>
  );
}

/**
 * The ways to reach a person (`name` with `phone` and `email`) and a place (`place`). What is
 * unknown is left out; `only` narrows to some of them (a card with room for one).
 */
export function ContactActions({
  name,
  phone,
  email,
  place,
  only,
}: {
  name?: string;
  phone?: string | null;
  email?: string | null;
  place?: { name: string; address: string } | null;
  only?: readonly ContactAction[];
}) {
  const wanted = (action: ContactAction) => !only || only.includes(action);
  const number = phone ? dialable(phone) : '';
  const actions = [
    name && number && wanted('call') && (
      <Action key="call" href={`tel:${number}`} label={`Call ${name}`} icon={<IconPhone size={16} aria-hidden />}>
        Call
      </Action>
    ),
    name && number && wanted('text') && (
      <Action key="text" href={`sms:${number}`} label={`Text ${name}`} icon={<IconMessage size={16} aria-hidden />}>
        Text
      </Action>
    ),
    name && email && wanted('email') && (
      <Action key="email" href={`mailto:${email}`} label={`E-mail ${name}`} icon={<IconMail size={16} aria-hidden />}>
        E-mail
      </Action>
    ),
    place && place.address && wanted('directions') && (
      <Action
        key="directions"
        href={directionsUrl(place.address)}
        label={`Directions to ${place.name}`}
        icon={<IconMapPin size={16} aria-hidden />}
      >
        Directions
      </Action>
    ),
  ].filter(Boolean);
  if (actions.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {actions}
    </Group>
  );
}
