CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"task_id" uuid,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "quote_lines_quantity_check" CHECK (quantity between 1 and 10000),
	CONSTRAINT "quote_lines_unit_price_check" CHECK (unit_price >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"name" text NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"valid_until" date NOT NULL,
	"tax_rate_bps" integer DEFAULT 800 NOT NULL,
	"discount_kind" text,
	"discount_value" integer,
	"deposit_kind" text,
	"deposit_value" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_versions_tax_rate_check" CHECK (tax_rate_bps between 0 and 10000),
	CONSTRAINT "quote_versions_discount_check" CHECK ((discount_kind is null and discount_value is null) or (discount_kind = 'amount' and discount_value >= 0) or (discount_kind = 'percent' and discount_value between 0 and 10000)),
	CONSTRAINT "quote_versions_deposit_check" CHECK ((deposit_kind is null and deposit_value is null) or (deposit_kind = 'amount' and deposit_value >= 0) or (deposit_kind = 'percent' and deposit_value between 0 and 10000))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"number" text NOT NULL,
	"client_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"sent_version" integer,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"job_at" timestamp with time zone,
	"plan" jsonb,
	"approved_version" integer,
	"approved_option_id" uuid,
	"approved_line_ids" uuid[],
	"approved_total" numeric(12, 2),
	"deposit_amount" numeric(12, 2),
	"signer_name" text,
	"signed_at" timestamp with time zone,
	"signature_path" text,
	"approval_ip" text,
	"approval_user_agent" text,
	"approved_by" uuid,
	"content_hash" text,
	"decline_reason" text,
	"declined_at" timestamp with time zone,
	"visit_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"series_id" uuid,
	"deposit_invoice_id" uuid,
	"reminded_version" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK (status in ('draft', 'sent', 'approved', 'declined', 'expired', 'converted', 'cancelled')),
	CONSTRAINT "quotes_version_check" CHECK (version >= 1 and (sent_version is null or sent_version <= version))
);
--> statement-breakpoint
ALTER TABLE "mail_sends" DROP CONSTRAINT "mail_sends_kind_check";--> statement-breakpoint
ALTER TABLE "staff_notifications" DROP CONSTRAINT "staff_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "deposit_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "quote_prefix" text DEFAULT 'Q-' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "quote_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "quote_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "quote_valid_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "quote_reminder_days" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_option_id_quote_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."quote_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_options" ADD CONSTRAINT "quote_options_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_options" ADD CONSTRAINT "quote_options_version_id_quote_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."quote_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_series_id_visit_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."visit_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_deposit_invoice_id_invoices_id_fk" FOREIGN KEY ("deposit_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_option_idx" ON "quote_lines" USING btree ("option_id","position");--> statement-breakpoint
CREATE INDEX "quote_lines_task_idx" ON "quote_lines" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "quote_options_version_idx" ON "quote_options" USING btree ("version_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_versions_quote_version_idx" ON "quote_versions" USING btree ("quote_id","version");--> statement-breakpoint
CREATE INDEX "quote_versions_workspace_idx" ON "quote_versions" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "quote_versions_title_trgm_idx" ON "quote_versions" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_workspace_number_idx" ON "quotes" USING btree ("workspace_id","number");--> statement-breakpoint
CREATE INDEX "quotes_workspace_created_idx" ON "quotes" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_workspace_status_idx" ON "quotes" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_property_idx" ON "quotes" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "quotes_series_idx" ON "quotes" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "quotes_deposit_invoice_idx" ON "quotes" USING btree ("deposit_invoice_id");--> statement-breakpoint
CREATE INDEX "quotes_created_by_idx" ON "quotes" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "quotes_approved_by_idx" ON "quotes" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "quotes_number_trgm_idx" ON "quotes" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_deposit_invoice_id_invoices_id_fk" FOREIGN KEY ("deposit_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_deposit_invoice_idx" ON "invoices" USING btree ("deposit_invoice_id") WHERE deposit_invoice_id is not null;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_kind_check" CHECK (kind in ('invitation', 'invoice', 'verification', 'password_reset', 'account_claim', 'visit_report', 'portal_link', 'client_message', 'quote'));--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_kind_check" CHECK (kind in ('visit_assigned', 'visit_changed', 'visit_request', 'mail_held', 'quote_approved', 'quote_declined'));--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_quote_valid_days_check" CHECK (quote_valid_days between 1 and 365);--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_quote_reminder_days_check" CHECK (quote_reminder_days is null or quote_reminder_days between 1 and 90);