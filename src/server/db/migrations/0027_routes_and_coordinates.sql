CREATE TABLE "geocode_results" (
	"address_key" text PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geocode_results_coordinates_check" CHECK ((latitude is null) = (longitude is null) and (latitude is null or (latitude between -90 and 90 and longitude between -180 and 180)))
);
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "start_latitude" double precision;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "start_longitude" double precision;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "end_latitude" double precision;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "end_longitude" double precision;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "depot_address" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "depot_latitude" double precision;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "depot_longitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "location_source" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "geocode_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_series" ADD COLUMN "anytime" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "anytime" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "route_order" integer;--> statement-breakpoint
CREATE INDEX "properties_geocode_pending_idx" ON "properties" USING btree ("created_at") WHERE geocode_pending;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_start_check" CHECK ((start_latitude is null) = (start_longitude is null) and (start_latitude is null or (start_latitude between -90 and 90 and start_longitude between -180 and 180)));--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_end_check" CHECK ((end_latitude is null) = (end_longitude is null) and (end_latitude is null or (end_latitude between -90 and 90 and end_longitude between -180 and 180)));--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_depot_check" CHECK ((depot_latitude is null) = (depot_longitude is null) and (depot_latitude is null or (depot_latitude between -90 and 90 and depot_longitude between -180 and 180)));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_coordinates_check" CHECK ((latitude is null) = (longitude is null) and (latitude is null or (latitude between -90 and 90 and longitude between -180 and 180)));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_location_source_check" CHECK (location_source in ('person', 'geocoder'));