CREATE TABLE "mail_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_sends_kind_check" CHECK (kind in ('invitation', 'invoice', 'verification', 'password_reset', 'account_claim'))
);
--> statement-breakpoint
ALTER TABLE "user_properties" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_sends_user_created_idx" ON "mail_sends" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "user_properties" ADD CONSTRAINT "user_properties_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_properties_invited_by_idx" ON "user_properties" USING btree ("invited_by");