// The public surface of modules/invitations: other parts of the server import only this file (eslint.config.js zones).
export { invitationsRoutes } from './invitations.routes';
