import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm test`'s schema step (scripts/schema-drift.mjs): it passes on the committed schema and
// fails, printing the SQL, on a schema with a table no migration makes.

const run = (schema?: string) =>
  spawnSync(process.execPath, ['scripts/schema-drift.mjs'], {
    encoding: 'utf8',
    env: { ...process.env, ...(schema ? { SCHEMA_DRIFT_SCHEMA: schema } : {}) },
  });

describe('schema drift fails the build', () => {
  it('passes when the migrations describe the schema', () => {
    const result = run();
    expect(result.stderr).not.toContain('✖');
    expect(result.status).toBe(0);
  }, 60_000);

  it('fails and prints the migration when a table has none', () => {
    const dir = mkdtempSync(path.resolve('tests/lint/.drift-'));
    try {
      const probe = path.join(dir, 'schema.ts');
      const schema = path.resolve('src/server/db/schema/index.ts');
      writeFileSync(
        probe,
        `import { pgTable, text, uuid } from 'drizzle-orm/pg-core';\nexport * from ${JSON.stringify(schema)};\n` +
          `export const driftProbes = pgTable('drift_probes', { id: uuid('id').primaryKey(), note: text('note') });\n`,
      );
      const result = run(probe);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('CREATE TABLE "drift_probes"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
