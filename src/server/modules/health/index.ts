// The public surface of modules/health: other parts of the server import only this file (eslint.config.js zones).
export { healthRoutes } from './health.routes';
