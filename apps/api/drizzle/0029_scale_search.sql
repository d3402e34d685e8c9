-- Keyword search structure: gp_bigrams(text) is the character pairs of the text after lower(), and a GIN
-- index on it answers "holds every pair of the keyword", a necessary condition of db/text-search.ts's
-- containsText for the pairs mayContainText keeps (those of characters translate() neither maps from nor to,
-- so the folding cannot tell them apart). It works for Thai and Chinese, written without spaces, where
-- full-text search and pg_trgm (ASCII words only under the C locale) do not, and needs no extension.
CREATE OR REPLACE FUNCTION gp_bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ARRAY(SELECT substr(f.l, i, 2) FROM (SELECT lower(t) AS l) AS f, generate_series(1, length(f.l) - 1) AS i);--> statement-breakpoint
CREATE INDEX "cs_faq_i18n_title_bigrams_idx" ON "cs_faq_i18n" USING gin (gp_bigrams("title"));--> statement-breakpoint
CREATE INDEX "cs_faq_i18n_content_bigrams_idx" ON "cs_faq_i18n" USING gin (gp_bigrams("content"));--> statement-breakpoint
CREATE INDEX "cs_work_order_updated_idx" ON "cs_work_order" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "cs_work_order_type_created_idx" ON "cs_work_order" USING btree ("question_type_id","created_at");--> statement-breakpoint
CREATE INDEX "cs_work_order_character_idx" ON "cs_work_order" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "cs_work_order_title_bigrams_idx" ON "cs_work_order" USING gin (gp_bigrams("title"));--> statement-breakpoint
CREATE INDEX "pay_order_game_created_idx" ON "pay_order" USING btree ("game_base_id","created_at");