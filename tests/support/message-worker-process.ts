// One server process's message worker, for the exactly-once test on PostgreSQL
// (tests/api/message-workers.test.ts): it sends in small batches until the outbox has had
// nothing due for a second, then prints how many messages it handled.
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { sendDueMessages } from '../../src/server/modules/notifications';
import { messageWorkerDeps } from '../../src/server/jobs/message-deps';

const [url, smtpUrl, dataDir] = process.argv.slice(2) as [string, string, string];
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  BETTER_AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
  SMTP_URL: smtpUrl,
});
const handle = openDatabase({ kind: 'postgres', url });
const deps = messageWorkerDeps(handle.db, config);
let handled = 0;
let idleSince = Date.now();
while (Date.now() - idleSince < 1000) {
  const now = await sendDueMessages(deps, 3);
  handled += now;
  if (now > 0) idleSince = Date.now();
  else await new Promise((resolve) => setTimeout(resolve, 20));
}
console.log(JSON.stringify({ handled }));
await handle.close();
