CREATE INDEX "article_reader_order_idx" ON "article" USING btree ("kind","pinned","publish_at","id");--> statement-breakpoint
CREATE INDEX "article_publish_at_idx" ON "article" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "article_unpublish_at_idx" ON "article" USING btree ("unpublish_at");--> statement-breakpoint
CREATE INDEX "cs_faq_listing_idx" ON "cs_faq" USING btree ("sort","online_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cs_faq_online_time_idx" ON "cs_faq" USING btree ("online_time");