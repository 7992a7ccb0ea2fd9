ALTER TABLE "client_messages" DROP CONSTRAINT "client_messages_status_check";--> statement-breakpoint
ALTER TABLE "mail_sends" DROP CONSTRAINT "mail_sends_kind_check";--> statement-breakpoint
ALTER TABLE "staff_notifications" DROP CONSTRAINT "staff_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "mail_sends" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "mail_per_day" integer;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_sends_workspace_created_idx" ON "mail_sends" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_sends_recipient_created_idx" ON "mail_sends" USING btree ("recipient","created_at");--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_status_check" CHECK (status in ('pending', 'sending', 'sent', 'failed', 'skipped', 'held'));--> statement-breakpoint
UPDATE "mail_sends" SET "recipient" = lower("recipient") WHERE "recipient" <> lower("recipient");--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_recipient_lower_check" CHECK (recipient = lower(recipient));--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_kind_check" CHECK (kind in ('invitation', 'invoice', 'verification', 'password_reset', 'account_claim', 'visit_report', 'portal_link', 'client_message'));--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_kind_check" CHECK (kind in ('visit_assigned', 'visit_changed', 'visit_request', 'mail_held'));--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_mail_per_day_check" CHECK (mail_per_day is null or mail_per_day >= 0);--> statement-breakpoint
INSERT INTO "mail_sends" ("user_id", "workspace_id", "kind", "recipient", "created_at")
  SELECT "caused_by", "workspace_id", 'client_message', lower("recipient"), "sent_at" FROM "client_messages"
  WHERE "status" = 'sent' AND "sent_at" > now() - interval '24 hours';
