ALTER TABLE "photos" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "height" integer;--> statement-breakpoint
CREATE INDEX "photos_caption_trgm_idx" ON "photos" USING gin ("caption" gin_trgm_ops);