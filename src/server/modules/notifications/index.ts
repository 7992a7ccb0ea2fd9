// The public surface of modules/notifications: other parts of the server import only this file (eslint.config.js zones).
export { notifyStaff, officeOf, membersAmong, type StaffNotice } from './staff-notifications';
export { staffNotificationsRoutes } from './staff-notifications.routes';
