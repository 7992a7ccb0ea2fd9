ALTER TABLE "photos" ADD COLUMN "visit_task_id" uuid;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "tag" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "require_signature" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "send_report_on_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "property_tasks" ADD COLUMN "requirements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "requirements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD COLUMN "requirements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD COLUMN "reading" double precision;--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD COLUMN "follow_up_of" uuid;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "signature_path" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "signer_name" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "reopened_by" uuid;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "report_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_visit_task_id_visit_tasks_id_fk" FOREIGN KEY ("visit_task_id") REFERENCES "public"."visit_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD CONSTRAINT "visit_tasks_follow_up_of_visit_tasks_id_fk" FOREIGN KEY ("follow_up_of") REFERENCES "public"."visit_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_visit_task_idx" ON "photos" USING btree ("visit_task_id");--> statement-breakpoint
CREATE INDEX "visit_tasks_follow_up_of_idx" ON "visit_tasks" USING btree ("follow_up_of");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_tag_check" CHECK (tag in ('before', 'after', 'other'));--> statement-breakpoint
ALTER TABLE "visit_tasks" ADD CONSTRAINT "visit_tasks_result_check" CHECK (result in ('pass', 'fail'));