CREATE TABLE "invoice_payment_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payment_changes_action_check" CHECK (action in ('edit', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"account" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK (amount > 0),
	CONSTRAINT "payment_refunds_status_check" CHECK (status in ('pending', 'succeeded', 'failed', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "staff_notifications" DROP CONSTRAINT "staff_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "fee" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "unapplied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payment_changes" ADD CONSTRAINT "invoice_payment_changes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_changes" ADD CONSTRAINT "invoice_payment_changes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_changes" ADD CONSTRAINT "invoice_payment_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payment_changes_invoice_idx" ON "invoice_payment_changes" USING btree ("invoice_id","changed_at");--> statement-breakpoint
CREATE INDEX "invoice_payment_changes_workspace_idx" ON "invoice_payment_changes" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "invoice_payment_changes_changed_by_idx" ON "invoice_payment_changes" USING btree ("changed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_idx" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_refund_idx" ON "payment_refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_workspace_idx" ON "payment_refunds" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_requested_by_idx" ON "payment_refunds" USING btree ("requested_by");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_provider_id_idx" ON "invoice_payments" USING btree ("provider","provider_id");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_provider_check" CHECK (provider is null or (provider in ('stripe') and provider_id is not null));--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_kind_check" CHECK (kind in ('visit_assigned', 'visit_changed', 'visit_request', 'mail_held', 'quote_approved', 'quote_declined', 'payment_unapplied'));