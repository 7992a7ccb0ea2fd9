// Timestamps are read with their year as stored (years 1–99 included).
import '../timestamps';

// The data model of spec §3 as refined in ARCHITECTURE.md, one file per area. Property keys are
// camelCase (better-auth reads them), columns snake_case. drizzle-kit (drizzle.config.ts) and
// db/client.ts read this index: every table is exported from here, under the name it always had.

export * from './workspaces';
export * from './people';
export * from './catalogue';
export * from './visits';
export * from './invoices';
export * from './attachments';
export * from './field';
export * from './portal';
export * from './quotes';
