// The public surface of modules/clients: other parts of the server import only this file (eslint.config.js zones).
export { clientsRoutes, clientsCsvRoutes } from './clients.routes';
