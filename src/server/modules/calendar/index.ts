// The public surface of modules/calendar: other parts of the server import only this file (eslint.config.js zones).
export { calendarRoutes } from './calendar.routes';
