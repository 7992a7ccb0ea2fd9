CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "invoice_items_quantity_check" CHECK (quantity between 1 and 10000),
	CONSTRAINT "invoice_items_unit_price_check" CHECK (unit_price >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_amounts_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_value" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_discount_check" CHECK ((discount_kind is null and discount_value is null) or (discount_kind = 'amount' and discount_value >= 0) or (discount_kind = 'percent' and discount_value between 0 and 10000));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_check" CHECK (subtotal >= 0 and tax_amount >= 0 and discount_amount >= 0 and discount_amount <= subtotal and total = subtotal - discount_amount + tax_amount);