// The public surface of modules/workspaces: other parts of the server import only this file (eslint.config.js zones).
export { workspacesRoutes } from './workspaces.routes';
export { chooseDefaultWorkspace, isSetUp, listMyWorkspaces, localityOf } from './workspaces.service';
export * as invitationsService from './invitations.service';
export { keepWorkspace, listBeforeClaim } from './before-claim.service';
