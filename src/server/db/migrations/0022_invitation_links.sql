ALTER TABLE "workspace_invitations" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_hash_idx" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_status_check" CHECK (status in ('pending', 'accepted', 'declined'));