// The public surface of modules/admin: other parts of the server import only this file (eslint.config.js zones).
export { adminUsersRoutes } from './admin.routes';
