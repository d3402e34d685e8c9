ALTER TABLE "cs_work_order_message" DROP CONSTRAINT "cs_work_order_message_kind_check";--> statement-breakpoint
ALTER TABLE "cs_work_order" ADD COLUMN "order_no" text;--> statement-breakpoint
ALTER TABLE "cs_work_order_message" ADD COLUMN "note" jsonb;--> statement-breakpoint
CREATE INDEX "cs_work_order_order_no_idx" ON "cs_work_order" USING btree ("order_no");--> statement-breakpoint
ALTER TABLE "cs_work_order_message" ADD CONSTRAINT "cs_work_order_message_kind_check" CHECK ("cs_work_order_message"."kind" in ('question', 'follow_up', 'reply', 'order_note'));