// The public surface of modules/me: other parts of the server import only this file (eslint.config.js zones).
export { meRoutes } from './me.routes';
