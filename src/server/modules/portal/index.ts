// The public surface of modules/portal: other parts of the server import only this file (eslint.config.js zones).
export { issuePortalLink } from './portal-links';
export {
  clientPortalRoutes,
  portalEnterRoutes,
  portalRoutes,
  portalSignedIn,
  visitRequestsRoutes,
} from './portal.routes';
