ALTER TABLE "idempotency_keys" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_account_idx" ON "portal_sessions" USING btree ("client_id","user_id") WHERE "portal_sessions"."user_id" is not null;