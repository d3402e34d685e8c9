-- Hand-written (drizzle-kit cannot express functions): an order note (what an agent's action on the ticket's order
-- found) now answers the ticket like a reply, so cs_work_order.answered counts it as the staff's latest answer.
CREATE OR REPLACE FUNCTION "cs_work_order_answered_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cs_work_order" AS w SET "answered" = coalesce((
    SELECT m."kind" IN ('reply', 'order_note') FROM "cs_work_order_message" AS m
    WHERE m."work_order_id" = w."id" AND m."recalled_at" IS NULL ORDER BY m."id" DESC LIMIT 1), false)
  WHERE w."id" IN (SELECT DISTINCT "work_order_id" FROM "changed");
  RETURN NULL;
END $$;--> statement-breakpoint
-- The tickets whose latest message is a note already (the only ones the change turns).
UPDATE "cs_work_order" AS w SET "answered" = true WHERE NOT w."answered" AND coalesce((
  SELECT m."kind" = 'order_note' FROM "cs_work_order_message" AS m
  WHERE m."work_order_id" = w."id" AND m."recalled_at" IS NULL ORDER BY m."id" DESC LIMIT 1), false);
