// The texts of workspaces, their team and their settings.

/** The header that names the workspace a request is in (else the user's default). */
export const WORKSPACE_HEADER = 'X-Workspace';

export const WORKSPACE_MESSAGES = {
  notFound: 'Workspace not found',
  roleChangedSinceRequest:
    'Your role in this workspace has changed since this request was first sent; its answer is no longer yours',
  noWorkspace: 'You are not a member of any workspace',
  ownersAndManagersOnly: 'Only owners and managers can do this',
  ownersOnly: 'Only owners can do this',
  memberNotFound: 'That person is not a member of this workspace',
  lastOwner: 'A workspace must keep at least one owner',
  inviterProtected: 'You cannot remove or demote the person who invited you',
  invitationNotFound: 'Invitation not found',
  invitationUsed: 'This invitation has already been used.',
  invitationDeclined: 'This invitation was declined.',
  invitationExpired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  invitationForAnotherAddress: 'This invitation was sent to another e-mail address.',
  invitationSent: (email: string) => `Invitation sent to ${email}. They join once they accept it.`,
  nameRequired: 'Business name is required',
  taxRateInvalid: 'Tax rate must be between 0 and 100 %, with at most two decimals',
  paymentTermsInvalid: 'Payment terms must be a whole number of days from 0 to 365',
  prefixInvalid: 'The invoice prefix can have up to 12 letters, digits and . _ / -',
  timeZoneInvalid: 'Choose a time zone such as America/New_York',
  countryInvalid: 'Choose a country by its two-letter code, such as AU',
  localeInvalid: 'Choose a locale such as en-AU',
  currencyInvalid: 'Choose a currency with cents, such as AUD (currencies without two decimals are not supported)',
  roleInvalid: 'Role must be owner, manager or technician',
  nothingToChange: 'Nothing to change',
  settingsSaved: 'Business settings saved',
  finishSettingUp: 'Finish setting up',
  deleteWorkspace: 'Delete this workspace',
  keepWorkspace: 'Keep it',
  madeBeforeClaim: 'Made before you claimed this address',
  dangerZone: 'Danger zone',
  deleteWorkspaceTitle: (name: string) => `Delete ${name}?`,
  deleteWorkspaceWarning: (name: string) =>
    `${name} and everything in it go for good: its team, clients, properties, visits, invoices, notes and photos.`,
} as const;
