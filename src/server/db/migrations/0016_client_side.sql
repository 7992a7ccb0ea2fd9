CREATE TABLE "client_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"action" text NOT NULL,
	"notifications" text[] DEFAULT '{}' NOT NULL,
	"source" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_consents_action_check" CHECK (action in ('subscribed', 'unsubscribed')),
	CONSTRAINT "client_consents_source_check" CHECK (source in ('staff', 'link', 'portal'))
);
--> statement-breakpoint
CREATE TABLE "client_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"visit_id" uuid,
	"invoice_id" uuid,
	"recipient" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"caused_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_messages_kind_check" CHECK (kind in ('visit_scheduled', 'visit_moved', 'visit_cancelled', 'visit_reminder', 'on_my_way', 'visit_completed', 'invoice_sent')),
	CONSTRAINT "client_messages_status_check" CHECK (status in ('pending', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "portal_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"next" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"link_id" uuid,
	"token_hash" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"visit_id" uuid,
	"request_id" uuid,
	"text" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notifications_kind_check" CHECK (kind in ('visit_assigned', 'visit_changed', 'visit_request'))
);
--> statement-breakpoint
CREATE TABLE "visit_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"preferred_dates" date[] DEFAULT '{}' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"visit_id" uuid,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_requests_status_check" CHECK (status in ('open', 'scheduled', 'declined')),
	CONSTRAINT "visit_requests_message_check" CHECK (char_length(message) <= 2000)
);
--> statement-breakpoint
ALTER TABLE "mail_sends" DROP CONSTRAINT "mail_sends_kind_check";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "notifications_off" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "on_my_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "eta_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "client_notifications" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "reminder_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_consents" ADD CONSTRAINT "client_consents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_consents" ADD CONSTRAINT "client_consents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_consents" ADD CONSTRAINT "client_consents_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_caused_by_users_id_fk" FOREIGN KEY ("caused_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_link_id_portal_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."portal_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_request_id_visit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."visit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_consents_client_idx" ON "client_consents" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "client_consents_actor_idx" ON "client_consents" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "client_consents_workspace_idx" ON "client_consents" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_messages_dedupe_idx" ON "client_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "client_messages_due_idx" ON "client_messages" USING btree ("not_before") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "client_messages_visit_idx" ON "client_messages" USING btree ("visit_id","created_at");--> statement-breakpoint
CREATE INDEX "client_messages_invoice_idx" ON "client_messages" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "client_messages_client_idx" ON "client_messages" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "client_messages_workspace_idx" ON "client_messages" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "client_messages_caused_by_idx" ON "client_messages" USING btree ("caused_by");--> statement-breakpoint
CREATE INDEX "client_messages_recipient_sent_idx" ON "client_messages" USING btree ("recipient","sent_at") WHERE status = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "portal_links_token_hash_idx" ON "portal_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_links_client_idx" ON "portal_links" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "portal_links_created_by_idx" ON "portal_links" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "portal_links_workspace_idx" ON "portal_links" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_token_hash_idx" ON "portal_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_sessions_client_idx" ON "portal_sessions" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "portal_sessions_link_idx" ON "portal_sessions" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "portal_sessions_workspace_idx" ON "portal_sessions" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "staff_notifications_user_idx" ON "staff_notifications" USING btree ("user_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_notifications_unread_idx" ON "staff_notifications" USING btree ("user_id","workspace_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "staff_notifications_workspace_idx" ON "staff_notifications" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "staff_notifications_visit_idx" ON "staff_notifications" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "staff_notifications_request_idx" ON "staff_notifications" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "visit_requests_workspace_status_idx" ON "visit_requests" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "visit_requests_client_idx" ON "visit_requests" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "visit_requests_property_idx" ON "visit_requests" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "visit_requests_visit_idx" ON "visit_requests" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visit_requests_handled_by_idx" ON "visit_requests" USING btree ("handled_by");--> statement-breakpoint
CREATE INDEX "visits_scheduled_due_idx" ON "visits" USING btree ("scheduled_at") WHERE status = 'scheduled';--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_kind_check" CHECK (kind in ('invitation', 'invoice', 'verification', 'password_reset', 'account_claim', 'visit_report', 'portal_link'));--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_reminder_hours_check" CHECK (reminder_hours between 1 and 168);