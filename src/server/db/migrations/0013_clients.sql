CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"email" text,
	"phone" text,
	"billing_address" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_name_check" CHECK (btrim(name) <> '')
);
--> statement-breakpoint
ALTER TABLE "notes" DROP CONSTRAINT "notes_attachable_type_check";--> statement-breakpoint
ALTER TABLE "notes" DROP CONSTRAINT "notes_workspace_check";--> statement-breakpoint
ALTER TABLE "photos" DROP CONSTRAINT "photos_attachable_type_check";--> statement-breakpoint
ALTER TABLE "photos" DROP CONSTRAINT "photos_workspace_check";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_workspace_name_idx" ON "clients" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_email_trgm_idx" ON "clients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_phone_trgm_idx" ON "clients" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_client_idx" ON "properties" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_attachable_type_check" CHECK (attachable_type in ('property', 'task', 'visit', 'invoice', 'client', 'profile', 'secondary_profile', 'photo'));--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_workspace_check" CHECK ((attachable_type = 'photo' or (attachable_type in ('property', 'task', 'visit', 'invoice', 'client') and attachable_id is not null) = (workspace_id is not null)));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_attachable_type_check" CHECK (attachable_type in ('property', 'task', 'visit', 'invoice', 'client', 'profile', 'secondary_profile'));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_workspace_check" CHECK (((attachable_type in ('property', 'task', 'visit', 'invoice', 'client') and attachable_id is not null) = (workspace_id is not null)));