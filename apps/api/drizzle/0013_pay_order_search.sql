CREATE INDEX "pay_order_created_idx" ON "pay_order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pay_order_state_created_idx" ON "pay_order" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "pay_order_role_created_idx" ON "pay_order" USING btree ("cp_role_id","created_at");