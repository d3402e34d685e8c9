DROP INDEX "pay_order_member_idx";--> statement-breakpoint
DROP INDEX "pay_order_role_created_idx";--> statement-breakpoint
DROP INDEX "pay_order_game_created_idx";--> statement-breakpoint
CREATE INDEX "pay_order_member_idx" ON "pay_order" USING btree ("mid","created_at","id","distribution_region");--> statement-breakpoint
CREATE INDEX "pay_order_role_created_idx" ON "pay_order" USING btree ("cp_role_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pay_order_game_created_idx" ON "pay_order" USING btree ("game_base_id","created_at","id");