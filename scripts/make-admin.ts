// `npm run make-admin -- someone@example.com`: promotes an existing account to admin.
// The only way to grant admin besides the Users screen; used to bootstrap the first admin.
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { promoteToAdmin } from '../src/server/modules/admin/admin.service';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run make-admin -- someone@example.com');
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  await migrateDatabase(database);
  const user = await promoteToAdmin(database.db, email);
  if (!user) {
    console.error(`No account has the e-mail ${email}. Sign up first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(`${user.email} is now an admin.`);
  }
} finally {
  await database.close();
}
