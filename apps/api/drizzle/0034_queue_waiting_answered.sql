DROP INDEX "cs_work_order_waiting_idx";--> statement-breakpoint
CREATE INDEX "cs_work_order_answered_created_idx" ON "cs_work_order" USING btree ("answered","created_at");--> statement-breakpoint
CREATE INDEX "cs_work_order_waiting_idx" ON "cs_work_order" USING btree ((case when "status" <> 3 and not "answered" then "last_asked_at" end),"id" DESC NULLS FIRST);