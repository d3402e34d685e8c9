ALTER TABLE "pay_product" ADD COLUMN "image_media_id" text;--> statement-breakpoint
ALTER TABLE "pay_product" ADD COLUMN "sale_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_product" ADD COLUMN "sale_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_product" ADD CONSTRAINT "pay_product_image_media_id_media_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_product" ADD CONSTRAINT "pay_product_sale_window" CHECK ("pay_product"."sale_from" is null or "pay_product"."sale_until" is null or "pay_product"."sale_from" < "pay_product"."sale_until");