ALTER TABLE "mail_sends" DROP CONSTRAINT "mail_sends_kind_check";--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "share_with_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_kind_check" CHECK (kind in ('invitation', 'invoice', 'verification', 'password_reset', 'account_claim', 'visit_report'));