import type { Config } from '../config';
import type { Database } from '../db/client';
import { openMailer, type Mailer } from '../mail/mailer';
import type { WorkerDeps } from '../modules/notifications';
import { issuePortalLink } from '../modules/portal';
import { clientReportMail } from '../modules/visits';
import { openStorage } from '../storage/open-storage';
import type { Storage } from '../storage/storage';

/**
 * What the client-message worker needs, wired once for the server, the bench and the tests: the
 * mailer, fresh portal links for the mails that carry one, and the visit report it renders when
 * it sends one (from the storage that holds its photos and signature).
 */
export function messageWorkerDeps(
  db: Database,
  config: Config,
  options: { mailer?: Mailer; storage?: Storage } = {},
): WorkerDeps {
  const storage = options.storage ?? openStorage(config);
  return {
    db,
    mailer: options.mailer ?? openMailer(config),
    config,
    portalLink: (client, next) => issuePortalLink(db, client, { publicUrl: config.publicUrl, next }),
    visitReport: (client, visitId) => clientReportMail(db, storage, client, visitId),
  };
}
