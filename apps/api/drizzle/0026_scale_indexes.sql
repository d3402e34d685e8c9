CREATE INDEX "cs_work_order_updated_idx" ON "cs_work_order" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "cs_work_order_type_created_idx" ON "cs_work_order" USING btree ("question_type_id","created_at");--> statement-breakpoint
CREATE INDEX "cs_work_order_character_idx" ON "cs_work_order" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "cs_work_order_title_bigrams_idx" ON "cs_work_order" USING gin (gp_bigrams("title"));--> statement-breakpoint
CREATE INDEX "pay_order_game_created_idx" ON "pay_order" USING btree ("game_base_id","created_at");