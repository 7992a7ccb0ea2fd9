// The public surface of modules/dashboard: other parts of the server import only this file (eslint.config.js zones).
export { dashboardRoutes } from './dashboard.routes';
