// The public surface of modules/profiles: other parts of the server import only this file (eslint.config.js zones).
export { secondaryProfilesRoutes } from './secondary-profiles.routes';
