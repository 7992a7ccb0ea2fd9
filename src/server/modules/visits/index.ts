// The public surface of modules/visits: other parts of the server import only this file (eslint.config.js zones).
export { visitsRoutes } from './visits.routes';
export { insertVisits } from './visits.service';
export { requireMembers } from './visit-people.service';
export { listItemColumns as visitListItemColumns, toListItem as toVisitListItem } from './visit-rows';
export { clientReportMail, getPortalVisitReport, type ReportMail } from './visit-report';
export { openSignature, receiveSignature, storeSignature } from './visit-evidence';
export { replacePeople } from './visit-people.service';
export { noticeVisitChange, visitStateForChange } from './visit-notices';
