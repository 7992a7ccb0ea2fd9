-- Workspaces, the business boundary (ARCHITECTURE.md "Workspaces"). New tables and
-- nullable columns first, then the existing data is moved (docs/decisions/workspaces.md), then
-- the columns become NOT NULL and get their keys and indexes.
CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workspace_invitations_role_check" CHECK (role in ('owner', 'manager', 'technician')),
	CONSTRAINT "workspace_invitations_email_check" CHECK (email = lower(email))
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK (role in ('owner', 'manager', 'technician'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"phone" text,
	"email" text,
	"tax_rate_bps" integer DEFAULT 800 NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"invoice_prefix" text DEFAULT 'INV-' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"invoice_sequence" integer DEFAULT 0 NOT NULL,
	"set_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_tax_rate_check" CHECK (tax_rate_bps between 0 and 10000),
	CONSTRAINT "workspaces_payment_terms_check" CHECK (payment_terms_days between 0 and 365),
	CONSTRAINT "workspaces_name_check" CHECK (btrim(name) <> '')
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "invoice_visits" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_rate_bps" integer DEFAULT 800 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_address" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_phone" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_email" text;
--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "property_tasks" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "property_tasks" ADD COLUMN "name" text;
--> statement-breakpoint
ALTER TABLE "property_tasks" ADD COLUMN "description" text;
--> statement-breakpoint
ALTER TABLE "property_tasks" ADD COLUMN "estimated_duration_minutes" integer;
--> statement-breakpoint
ALTER TABLE "property_tasks" ADD COLUMN "default_price" numeric(12, 2);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "user_properties" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "visit_series" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "visit_series" ADD COLUMN "assignee_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD COLUMN "name" text;
--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD COLUMN "description" text;
--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD COLUMN "estimated_duration_minutes" integer;
--> statement-breakpoint
ALTER TABLE "visit_users" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
-- Every user gets a personal workspace, with them as its owner (named after them until
-- they name the business). The temporary column maps users to their workspace while migrating.
ALTER TABLE "workspaces" ADD COLUMN "migrated_from_user" uuid;
--> statement-breakpoint
INSERT INTO "workspaces" ("name", "migrated_from_user")
SELECT coalesce(nullif(btrim(p.display_name), ''), nullif(btrim(u.name), ''), u.email), u.id
FROM "users" u LEFT JOIN "profiles" p ON p.user_id = u.id;
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role")
SELECT w.id, w.migrated_from_user, 'owner' FROM "workspaces" w;
--> statement-breakpoint
UPDATE "users" u SET "default_workspace_id" = w.id FROM "workspaces" w WHERE w.migrated_from_user = u.id;
--> statement-breakpoint
-- A property moves to the workspace of its first owner (the earliest owner link), else of the
-- first person linked to it; one nobody is linked to was seen by admins only, and goes.
UPDATE "properties" p SET "workspace_id" = (
  SELECT u.default_workspace_id FROM "user_properties" up JOIN "users" u ON u.id = up.user_id
  WHERE up.property_id = p.id ORDER BY (up.role = 'owner') DESC, up.created_at, up.id LIMIT 1);
--> statement-breakpoint
DELETE FROM "properties" WHERE "workspace_id" IS NULL;
--> statement-breakpoint
-- The property's other linked people join that workspace: owner-linked as managers,
-- technician-linked as technicians (the higher role when both).
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role")
SELECT DISTINCT ON (p.workspace_id, up.user_id) p.workspace_id, up.user_id,
  CASE up.role WHEN 'owner' THEN 'manager' ELSE 'technician' END
FROM "user_properties" up JOIN "properties" p ON p.id = up.property_id
ORDER BY p.workspace_id, up.user_id, (up.role = 'owner') DESC
ON CONFLICT ("workspace_id", "user_id") DO NOTHING;
--> statement-breakpoint
UPDATE "user_properties" up SET "workspace_id" = p.workspace_id FROM "properties" p WHERE p.id = up.property_id;
--> statement-breakpoint
UPDATE "visits" v SET "workspace_id" = p.workspace_id FROM "properties" p WHERE p.id = v.property_id;
--> statement-breakpoint
UPDATE "visit_series" s SET "workspace_id" = p.workspace_id FROM "properties" p WHERE p.id = s.property_id;
--> statement-breakpoint
UPDATE "visit_users" vu SET "workspace_id" = v.workspace_id FROM "visits" v WHERE v.id = vu.visit_id;
--> statement-breakpoint
UPDATE "visit_tasks" vt SET "workspace_id" = v.workspace_id FROM "visits" v WHERE v.id = vt.visit_id;
--> statement-breakpoint
UPDATE "property_tasks" pt SET "workspace_id" = p.workspace_id FROM "properties" p WHERE p.id = pt.property_id;
--> statement-breakpoint
UPDATE "invoices" i SET "workspace_id" = p.workspace_id FROM "properties" p WHERE p.id = i.property_id;
--> statement-breakpoint
UPDATE "invoice_visits" iv SET "workspace_id" = i.workspace_id FROM "invoices" i WHERE i.id = iv.invoice_id;
--> statement-breakpoint
UPDATE "invoice_lines" il SET "workspace_id" = i.workspace_id FROM "invoices" i WHERE i.id = il.invoice_id;
--> statement-breakpoint
-- Someone on a visit who is not a member of its workspace (an admin, who saw every property)
-- joins it as a technician, so the visit keeps its people.
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role")
SELECT DISTINCT vu.workspace_id, vu.user_id, 'technician' FROM "visit_users" vu
ON CONFLICT ("workspace_id", "user_id") DO NOTHING;
--> statement-breakpoint
-- A series' occurrences were led by its maker: now its assignees.
UPDATE "visit_series" s SET "assignee_ids" = ARRAY[s.created_by]
WHERE s.created_by IS NOT NULL
  AND EXISTS (SELECT 1 FROM "workspace_members" m WHERE m.workspace_id = s.workspace_id AND m.user_id = s.created_by);
--> statement-breakpoint
-- Task templates: a template belongs to its maker's workspace (else to the first workspace that
-- uses it); every other workspace that uses it gets a copy of its own, and its references are
-- rewritten. Notes and photos on a template stay with the original, unless their author's
-- business has a copy and the author is not in the original's: then they go with that copy.
UPDATE "tasks" t SET "workspace_id" = u.default_workspace_id FROM "users" u WHERE u.id = t.created_by;
--> statement-breakpoint
CREATE TEMPORARY TABLE "task_usage" ON COMMIT DROP AS
SELECT DISTINCT task_id, workspace_id FROM (
  SELECT task_id, workspace_id FROM "property_tasks"
  UNION SELECT task_id, workspace_id FROM "visit_tasks"
  UNION SELECT unnest(task_ids), workspace_id FROM "visit_series") used;
--> statement-breakpoint
UPDATE "tasks" t SET "workspace_id" = (
  SELECT tu.workspace_id FROM "task_usage" tu WHERE tu.task_id = t.id ORDER BY tu.workspace_id LIMIT 1)
WHERE t.workspace_id IS NULL;
--> statement-breakpoint
CREATE TEMPORARY TABLE "task_copies" ON COMMIT DROP AS
SELECT tu.task_id AS original_id, tu.workspace_id, gen_random_uuid() AS copy_id
FROM "task_usage" tu JOIN "tasks" t ON t.id = tu.task_id
WHERE tu.workspace_id <> t.workspace_id;
--> statement-breakpoint
-- A copy's maker is kept only if they are in the copy's workspace (a user id of another business is not).
INSERT INTO "tasks" ("id", "workspace_id", "name", "description", "estimated_duration_minutes", "default_price",
  "created_by", "created_at", "updated_at", "deleted_at")
SELECT c.copy_id, c.workspace_id, t.name, t.description, t.estimated_duration_minutes, t.default_price,
  CASE WHEN EXISTS (SELECT 1 FROM "workspace_members" m WHERE m.workspace_id = c.workspace_id AND m.user_id = t.created_by)
    THEN t.created_by END,
  t.created_at, t.updated_at, t.deleted_at
FROM "task_copies" c JOIN "tasks" t ON t.id = c.original_id;
--> statement-breakpoint
UPDATE "property_tasks" pt SET "task_id" = c.copy_id FROM "task_copies" c
WHERE pt.task_id = c.original_id AND pt.workspace_id = c.workspace_id;
--> statement-breakpoint
UPDATE "visit_tasks" vt SET "task_id" = c.copy_id FROM "task_copies" c
WHERE vt.task_id = c.original_id AND vt.workspace_id = c.workspace_id;
--> statement-breakpoint
UPDATE "visit_series" s SET "task_ids" = (
  SELECT coalesce(array_agg(coalesce(c.copy_id, used.id) ORDER BY used.position), '{}'::uuid[])
  FROM unnest(s.task_ids) WITH ORDINALITY AS used(id, position)
  LEFT JOIN "task_copies" c ON c.original_id = used.id AND c.workspace_id = s.workspace_id)
WHERE cardinality(s.task_ids) > 0;
--> statement-breakpoint
-- A business's remarks on a shared template (a gate code) stay that business's: a note or photo
-- whose author is not in the original's workspace goes with the copy of a workspace they are in.
UPDATE "notes" n SET "attachable_id" = (
  SELECT c.copy_id FROM "task_copies" c
  JOIN "workspace_members" m ON m.workspace_id = c.workspace_id AND m.user_id = n.created_by
  JOIN "users" u ON u.id = n.created_by
  WHERE c.original_id = n.attachable_id ORDER BY (c.workspace_id = u.default_workspace_id) DESC, c.workspace_id LIMIT 1)
WHERE n.attachable_type = 'task'
  AND EXISTS (SELECT 1 FROM "task_copies" c JOIN "workspace_members" m ON m.workspace_id = c.workspace_id
    WHERE c.original_id = n.attachable_id AND m.user_id = n.created_by)
  AND NOT EXISTS (SELECT 1 FROM "tasks" t JOIN "workspace_members" m ON m.workspace_id = t.workspace_id
    WHERE t.id = n.attachable_id AND m.user_id = n.created_by);
--> statement-breakpoint
UPDATE "photos" ph SET "attachable_id" = (
  SELECT c.copy_id FROM "task_copies" c
  JOIN "workspace_members" m ON m.workspace_id = c.workspace_id AND m.user_id = ph.uploaded_by
  JOIN "users" u ON u.id = ph.uploaded_by
  WHERE c.original_id = ph.attachable_id ORDER BY (c.workspace_id = u.default_workspace_id) DESC, c.workspace_id LIMIT 1)
WHERE ph.attachable_type = 'task'
  AND EXISTS (SELECT 1 FROM "task_copies" c JOIN "workspace_members" m ON m.workspace_id = c.workspace_id
    WHERE c.original_id = ph.attachable_id AND m.user_id = ph.uploaded_by)
  AND NOT EXISTS (SELECT 1 FROM "tasks" t JOIN "workspace_members" m ON m.workspace_id = t.workspace_id
    WHERE t.id = ph.attachable_id AND m.user_id = ph.uploaded_by);
--> statement-breakpoint
-- A remark on a template by someone in none of the businesses that hold it now (the catalogue
-- was every account's) becomes its author's standalone one: no business reads a stranger's note
-- on its template, and nobody loses their own words.
UPDATE "notes" n SET "attachable_type" = 'property', "attachable_id" = NULL
WHERE n.attachable_type = 'task' AND n.attachable_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM "tasks" t WHERE t.id = n.attachable_id AND t.workspace_id IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM "tasks" t JOIN "workspace_members" m ON m.workspace_id = t.workspace_id
    WHERE t.id = n.attachable_id AND m.user_id = n.created_by);
--> statement-breakpoint
UPDATE "photos" ph SET "attachable_type" = 'property', "attachable_id" = NULL
WHERE ph.attachable_type = 'task' AND ph.attachable_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM "tasks" t WHERE t.id = ph.attachable_id AND t.workspace_id IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM "tasks" t JOIN "workspace_members" m ON m.workspace_id = t.workspace_id
    WHERE t.id = ph.attachable_id AND m.user_id = ph.uploaded_by);
--> statement-breakpoint
-- A template nobody uses whose maker is gone was everyone's and is nobody's now. Notes and photos
-- on it become their authors' standalone ones (below), as those on any record that is gone.
DELETE FROM "tasks" WHERE "workspace_id" IS NULL;
--> statement-breakpoint
-- Copy, never follow: a property task and a visit task keep the template's words and price.
UPDATE "property_tasks" pt SET "name" = t.name, "description" = t.description,
  "estimated_duration_minutes" = t.estimated_duration_minutes, "default_price" = t.default_price
FROM "tasks" t WHERE t.id = pt.task_id;
--> statement-breakpoint
UPDATE "visit_tasks" vt SET "name" = t.name, "description" = t.description,
  "estimated_duration_minutes" = t.estimated_duration_minutes
FROM "tasks" t WHERE t.id = vt.task_id;
--> statement-breakpoint
-- Invoices: numbers were unique across Rounds, so none collide inside a workspace; each
-- workspace's sequence continues after its highest, so new numbers never meet old ones.
UPDATE "invoices" i SET "seller_name" = w.name FROM "workspaces" w WHERE w.id = i.workspace_id;
--> statement-breakpoint
UPDATE "workspaces" w SET "invoice_sequence" = coalesce((
  SELECT max(substring(i.invoice_number FROM '^INV-[0-9]{4}([0-9]{1,9})$')::integer)
  FROM "invoices" i WHERE i.workspace_id = w.id), 0);
--> statement-breakpoint
-- Photos and notes follow their record; standalone ones and those on profiles stay their
-- author's (no workspace). One whose record is gone becomes its author's standalone one.
UPDATE "photos" ph SET "workspace_id" = CASE ph.attachable_type
    WHEN 'property' THEN (SELECT workspace_id FROM "properties" WHERE id = ph.attachable_id)
    WHEN 'task' THEN (SELECT workspace_id FROM "tasks" WHERE id = ph.attachable_id)
    WHEN 'visit' THEN (SELECT workspace_id FROM "visits" WHERE id = ph.attachable_id)
    WHEN 'invoice' THEN (SELECT workspace_id FROM "invoices" WHERE id = ph.attachable_id)
  END
WHERE ph.attachable_id IS NOT NULL AND ph.attachable_type IN ('property', 'task', 'visit', 'invoice');
--> statement-breakpoint
UPDATE "photos" SET "attachable_type" = 'property', "attachable_id" = NULL
WHERE "workspace_id" IS NULL AND "attachable_id" IS NOT NULL AND "attachable_type" IN ('property', 'task', 'visit', 'invoice');
--> statement-breakpoint
UPDATE "notes" n SET "workspace_id" = CASE n.attachable_type
    WHEN 'property' THEN (SELECT workspace_id FROM "properties" WHERE id = n.attachable_id)
    WHEN 'task' THEN (SELECT workspace_id FROM "tasks" WHERE id = n.attachable_id)
    WHEN 'visit' THEN (SELECT workspace_id FROM "visits" WHERE id = n.attachable_id)
    WHEN 'invoice' THEN (SELECT workspace_id FROM "invoices" WHERE id = n.attachable_id)
    WHEN 'photo' THEN (SELECT workspace_id FROM "photos" WHERE id = n.attachable_id)
  END
WHERE n.attachable_id IS NOT NULL AND n.attachable_type IN ('property', 'task', 'visit', 'invoice', 'photo');
--> statement-breakpoint
UPDATE "notes" SET "attachable_type" = 'property', "attachable_id" = NULL
WHERE "workspace_id" IS NULL AND "attachable_id" IS NOT NULL AND "attachable_type" IN ('property', 'task', 'visit', 'invoice');
--> statement-breakpoint
-- Standing property invitations become invitations to the property's workspace (owner →
-- manager); they still die if their inviter may no longer invite there.
INSERT INTO "workspace_invitations" ("workspace_id", "email", "role", "invited_by", "created_at", "expires_at")
SELECT DISTINCT ON (p.workspace_id, pi.email) p.workspace_id, pi.email,
  CASE pi.role WHEN 'owner' THEN 'manager' ELSE 'technician' END, pi.invited_by, pi.created_at, pi.expires_at
FROM "property_invitations" pi JOIN "properties" p ON p.id = pi.property_id
WHERE pi.expires_at > now() AND pi.invited_by IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "workspace_members" m JOIN "users" u ON u.id = m.user_id
    WHERE m.workspace_id = p.workspace_id AND lower(u.email) = pi.email)
ORDER BY p.workspace_id, pi.email, pi.created_at DESC;
--> statement-breakpoint
-- A calendar feed lists one workspace's visits: existing ones, the user's own workspace's.
UPDATE "calendar_feeds" f SET "workspace_id" = u.default_workspace_id FROM "users" u WHERE u.id = f.user_id;
--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_pkey";
--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "migrated_from_user";
--> statement-breakpoint
ALTER TABLE "property_invitations" DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP TABLE "property_invitations" CASCADE;
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_invoice_number_unique";
--> statement-breakpoint
DROP INDEX "invoices_created_at_idx";
--> statement-breakpoint
DROP INDEX "notes_created_at_idx";
--> statement-breakpoint
DROP INDEX "photos_created_at_idx";
--> statement-breakpoint
DROP INDEX "properties_created_at_idx";
--> statement-breakpoint
DROP INDEX "tasks_name_idx";
--> statement-breakpoint
DROP INDEX "visit_users_user_id_idx";
--> statement-breakpoint
DROP INDEX "visits_scheduled_at_idx";
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_visits" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "property_tasks" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "property_tasks" ALTER COLUMN "name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_properties" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "visit_series" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "visit_tasks" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "visit_tasks" ALTER COLUMN "name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "visit_users" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "visits" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_workspace_id_pk" PRIMARY KEY("user_id","workspace_id");
--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_visits" ADD CONSTRAINT "invoice_visits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "property_tasks" ADD CONSTRAINT "property_tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_properties" ADD CONSTRAINT "user_properties_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_workspace_id_workspaces_id_fk" FOREIGN KEY ("default_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "visit_series" ADD CONSTRAINT "visit_series_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD CONSTRAINT "visit_tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "visit_users" ADD CONSTRAINT "visit_users_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_workspace_email_idx" ON "workspace_invitations" USING btree ("workspace_id","email");
--> statement-breakpoint
CREATE INDEX "workspace_invitations_email_idx" ON "workspace_invitations" USING btree ("email");
--> statement-breakpoint
CREATE INDEX "workspace_invitations_invited_by_idx" ON "workspace_invitations" USING btree ("invited_by");
--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "workspace_members_invited_by_idx" ON "workspace_members" USING btree ("invited_by");
--> statement-breakpoint
CREATE INDEX "calendar_feeds_workspace_idx" ON "calendar_feeds" USING btree ("workspace_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_workspace_number_idx" ON "invoices" USING btree ("workspace_id","invoice_number");
--> statement-breakpoint
CREATE INDEX "invoices_workspace_created_idx" ON "invoices" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "notes_workspace_created_idx" ON "notes" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "photos_workspace_created_idx" ON "photos" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "properties_workspace_created_idx" ON "properties" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "property_tasks_workspace_idx" ON "property_tasks" USING btree ("workspace_id");
--> statement-breakpoint
CREATE INDEX "tasks_workspace_name_idx" ON "tasks" USING btree ("workspace_id",lower("name"));
--> statement-breakpoint
CREATE INDEX "user_properties_workspace_idx" ON "user_properties" USING btree ("workspace_id");
--> statement-breakpoint
CREATE INDEX "visit_series_workspace_idx" ON "visit_series" USING btree ("workspace_id");
--> statement-breakpoint
CREATE INDEX "visit_tasks_workspace_idx" ON "visit_tasks" USING btree ("workspace_id");
--> statement-breakpoint
CREATE INDEX "visit_users_user_workspace_idx" ON "visit_users" USING btree ("user_id","workspace_id");
--> statement-breakpoint
CREATE INDEX "visits_workspace_scheduled_idx" ON "visits" USING btree ("workspace_id","scheduled_at");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_rate_check" CHECK (tax_rate_bps between 0 and 10000);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_workspace_check" CHECK ((attachable_type = 'photo' or (attachable_type in ('property', 'task', 'visit', 'invoice') and attachable_id is not null) = (workspace_id is not null)));
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_workspace_check" CHECK (((attachable_type in ('property', 'task', 'visit', 'invoice') and attachable_id is not null) = (workspace_id is not null)));
--> statement-breakpoint
ALTER TABLE "property_tasks" ADD CONSTRAINT "property_tasks_default_price_check" CHECK (default_price >= 0);
--> statement-breakpoint
DROP SEQUENCE "public"."invoice_number_seq";
