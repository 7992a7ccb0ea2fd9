DROP INDEX "clients_workspace_name_idx";--> statement-breakpoint
DROP INDEX "invoices_workspace_created_idx";--> statement-breakpoint
DROP INDEX "notes_workspace_created_idx";--> statement-breakpoint
DROP INDEX "photos_workspace_created_idx";--> statement-breakpoint
DROP INDEX "properties_workspace_created_idx";--> statement-breakpoint
DROP INDEX "visit_users_user_workspace_idx";--> statement-breakpoint
DROP INDEX "visits_workspace_scheduled_idx";--> statement-breakpoint
CREATE INDEX "notes_personal_idx" ON "notes" USING btree ("created_by","created_at","id") WHERE workspace_id is null;--> statement-breakpoint
CREATE INDEX "photos_personal_idx" ON "photos" USING btree ("uploaded_by","created_at","id") WHERE workspace_id is null;--> statement-breakpoint
CREATE INDEX "clients_workspace_name_idx" ON "clients" USING btree ("workspace_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "invoices_workspace_created_idx" ON "invoices" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notes_workspace_created_idx" ON "notes" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "photos_workspace_created_idx" ON "photos" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "properties_workspace_created_idx" ON "properties" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "visit_users_user_workspace_idx" ON "visit_users" USING btree ("user_id","workspace_id","visit_id");--> statement-breakpoint
CREATE INDEX "visits_workspace_scheduled_idx" ON "visits" USING btree ("workspace_id","scheduled_at","id");