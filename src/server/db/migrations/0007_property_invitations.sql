CREATE TABLE "property_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "property_invitations_role_check" CHECK (role in ('owner', 'technician')),
	CONSTRAINT "property_invitations_email_check" CHECK (email = lower(email))
);
--> statement-breakpoint
ALTER TABLE "property_invitations" ADD CONSTRAINT "property_invitations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_invitations" ADD CONSTRAINT "property_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "property_invitations_property_email_idx" ON "property_invitations" USING btree ("property_id","email");--> statement-breakpoint
CREATE INDEX "property_invitations_email_idx" ON "property_invitations" USING btree ("email");