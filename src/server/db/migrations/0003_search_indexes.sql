CREATE INDEX "profiles_display_name_trgm_idx" ON "profiles" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_company_name_trgm_idx" ON "profiles" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_name_trgm_idx" ON "properties" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_address_trgm_idx" ON "properties" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_name_trgm_idx" ON "tasks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_description_trgm_idx" ON "tasks" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);