ALTER TABLE "cs_work_order" ADD COLUMN "answered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express triggers): cs_work_order.answered is whether the thread's latest message
-- the member sees (not recalled) is a reply, as desk.repository.ts read it from the thread per ticket before. The
-- triggers keep it after every statement that inserts or updates messages, whoever runs it (the ticket flows, a
-- recall, an order note, the privacy erasure, a bulk load), recomputing it once per ticket the statement touched.
CREATE FUNCTION "cs_work_order_answered_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cs_work_order" AS w SET "answered" = coalesce((
    SELECT m."kind" = 'reply' FROM "cs_work_order_message" AS m
    WHERE m."work_order_id" = w."id" AND m."recalled_at" IS NULL ORDER BY m."id" DESC LIMIT 1), false)
  WHERE w."id" IN (SELECT DISTINCT "work_order_id" FROM "changed");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cs_work_order_message_answered_insert" AFTER INSERT ON "cs_work_order_message"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "cs_work_order_answered_sync"();--> statement-breakpoint
CREATE TRIGGER "cs_work_order_message_answered_update" AFTER UPDATE ON "cs_work_order_message"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "cs_work_order_answered_sync"();--> statement-breakpoint
-- The tickets there are now (before the indexes, so they are built once).
UPDATE "cs_work_order" AS w SET "answered" = true WHERE coalesce((
  SELECT m."kind" = 'reply' FROM "cs_work_order_message" AS m
  WHERE m."work_order_id" = w."id" AND m."recalled_at" IS NULL ORDER BY m."id" DESC LIMIT 1), false);--> statement-breakpoint
CREATE INDEX "cs_work_order_answered_asked_idx" ON "cs_work_order" USING btree ("answered","last_asked_at");--> statement-breakpoint
CREATE INDEX "cs_work_order_status_asked_idx" ON "cs_work_order" USING btree ("status","last_asked_at");--> statement-breakpoint
CREATE INDEX "cs_work_order_game_asked_idx" ON "cs_work_order" USING btree ("game_base_id","last_asked_at");--> statement-breakpoint
CREATE INDEX "cs_work_order_type_asked_idx" ON "cs_work_order" USING btree ("question_type_id","last_asked_at");--> statement-breakpoint
CREATE INDEX "cs_work_order_waiting_idx" ON "cs_work_order" USING btree ((case when "status" <> 3 and not "answered" then "last_asked_at" end));--> statement-breakpoint
CREATE INDEX "cs_work_order_message_content_bigrams_idx" ON "cs_work_order_message" USING gin (gp_bigrams("content"));