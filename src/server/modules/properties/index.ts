// The public surface of modules/properties: other parts of the server import only this file (eslint.config.js zones).
export { propertiesRoutes } from './properties.routes';
