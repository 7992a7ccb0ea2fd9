// The public surface of modules/routes: other parts of the server import only this file (eslint.config.js zones).
export { routesRoutes } from './routes.routes';
