// The public surface of modules/debug: other parts of the server import only this file (eslint.config.js zones).
export { authTestRoutes } from './auth-test.routes';
export { clearAuthRoutes } from './clear-auth.routes';
export { testDbRoutes } from './test-db.routes';
