ALTER TABLE "cs_work_order" ADD COLUMN "grade_reason" text;--> statement-breakpoint
ALTER TABLE "cs_work_order" ADD COLUMN "grade_comment" text;--> statement-breakpoint
CREATE INDEX "cs_work_order_graded_idx" ON "cs_work_order" USING btree ("graded_at");--> statement-breakpoint
ALTER TABLE "cs_work_order" ADD CONSTRAINT "cs_work_order_grade_reason_check" CHECK ("cs_work_order"."grade_reason" is null or "cs_work_order"."grade_reason" in ('slow', 'unsolved', 'unclear', 'unfriendly', 'other'));