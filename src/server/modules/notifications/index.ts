// The public surface of modules/notifications: other parts of the server import only this file (eslint.config.js zones).
export { notifyStaff, officeOf, membersAmong, type StaffNotice } from './staff-notifications';
export {
  queueInvoiceSent,
  queueOnMyWay,
  queueVisitChange,
  queueVisitCompleted,
  noticeVisitUnderway,
  queueVisitDeleted,
} from './client-messages';
export { sendDueMessages, startMessageWorker, unsubscribeToken, type WorkerDeps } from './message-worker';
export { queueDueReminders, startReminderJob } from './reminders';
export { listInvoiceMessages, listVisitMessages } from './messages.service';
export { clientNotificationRoutes, unsubscribeRoutes } from './notifications.routes';
export { staffNotificationsRoutes } from './staff-notifications.routes';
