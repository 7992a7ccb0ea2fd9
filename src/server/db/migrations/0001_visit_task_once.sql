DROP INDEX "visit_tasks_visit_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "visit_tasks_visit_task_idx" ON "visit_tasks" USING btree ("visit_id","task_id");