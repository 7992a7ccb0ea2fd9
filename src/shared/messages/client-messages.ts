import { ETA_MINUTES, REMINDER_HOURS } from '../notifications';

// The words of the client's notifications, for the server, the forms and tests.

export const CLIENT_MESSAGE_TEXTS = {
  reminderHoursInvalid: `The reminder is sent between ${REMINDER_HOURS.min} and ${REMINDER_HOURS.max} hours before the visit`,
  etaInvalid: `Choose ${ETA_MINUTES.join(', ')} minutes`,
  alreadyStarted: 'This visit has already started.',
  onMyWayTechnicianOnly: 'Only the people on this visit can say they are on the way',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  unsubscribed: (business: string) => `You are unsubscribed. ${business} will send you no more e-mails.`,
} as const;
