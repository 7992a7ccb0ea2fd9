// The public surface of modules/attachables: other parts of the server import only this file (eslint.config.js zones).
export { attachablesRoutes } from './attachables.routes';
export { attachedName } from './attachables.service';
