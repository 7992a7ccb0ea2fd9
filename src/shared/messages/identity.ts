// The texts of e-mail verification, password reset and the mail rules.

export const IDENTITY_MESSAGES = {
  /** The banner on every signed-in page until the address is proven. */
  checkInbox: (email: string) => `Check your inbox to verify ${email}`,
  verificationSent: 'We sent you a new link. It works for 24 hours.',
  verified: 'Your e-mail address is verified.',
  verifyFirst: 'Verify your e-mail address first: follow the link we sent you.',
  verifyToAccept: 'Verify your e-mail address before accepting an invitation.',
  verifyToSend: 'Verify your e-mail address before sending e-mail to anyone.',
  verificationLinkInvalid: 'This verification link is not valid. Ask for a new one from the banner after signing in.',
  verificationLinkExpired: 'This verification link has expired. Ask for a new one from the banner after signing in.',
  tooManyEmails: (minutes: number) =>
    `You have sent too many e-mails; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  resetRequested: (email: string) =>
    `If an account exists for ${email}, we sent it a link to choose a new password. The link works for one hour.`,
  resetLinkInvalid: 'This link to reset your password is not valid or has expired. Ask for a new one.',
  passwordOnlySpaces: 'Password cannot be only spaces',
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  invoiceWithoutVisits: 'An invoice with no visits cannot be sent. Add a completed visit first.',
} as const;
