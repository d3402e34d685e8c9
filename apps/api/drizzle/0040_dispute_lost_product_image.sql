ALTER TABLE "pay_order_refund" DROP CONSTRAINT "pay_order_refund_reason";--> statement-breakpoint
ALTER TABLE "pay_product" DROP CONSTRAINT "pay_product_image_media_id_media_id_fk";
--> statement-breakpoint
ALTER TABLE "pay_product" ADD CONSTRAINT "pay_product_image_media_id_media_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_order_refund" ADD CONSTRAINT "pay_order_refund_reason" CHECK ("pay_order_refund"."reason" in ('player_request', 'duplicate', 'not_delivered', 'other', 'provider', 'dispute_lost'));