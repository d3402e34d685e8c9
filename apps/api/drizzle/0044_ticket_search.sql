-- The desk's keyword searches (issue 34): one row per ticket with the character triples of its title, of its
-- member's messages and of its replies (cs_work_order_search), so a keyword's tickets come out of one index instead
-- of the messages' pairs (3 million rows at a publisher's size), and where PostgreSQL has the RUM extension out of
-- an index that hands them over newest first, so a page stops after its first hundred. Triples, not pairs: a
-- three-character word of a twenty-character Chinese vocabulary is one triple, where its pairs were in one message
-- in a hundred. The pairs' indexes of titles and messages go, and their function: nothing reads them now.
CREATE TABLE "cs_work_order_search" (
	"work_order_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_asked_at" timestamp with time zone NOT NULL,
	"title" "tsvector" NOT NULL,
	"asked" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"replied" "tsvector" DEFAULT ''::tsvector NOT NULL
);
--> statement-breakpoint
DROP INDEX "cs_work_order_title_bigrams_idx";--> statement-breakpoint
DROP INDEX "cs_work_order_message_content_bigrams_idx";--> statement-breakpoint
-- Nothing else reads pairs (the FAQ search is in memory since migration 0036).
DROP FUNCTION "gp_bigrams"(text);--> statement-breakpoint
ALTER TABLE "cs_work_order_search" ADD CONSTRAINT "cs_work_order_search_work_order_id_cs_work_order_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."cs_work_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The triples of lower(t), each followed by the unit separator (U+001F) at the end so that a two-character keyword
-- is the prefix of a triple wherever it stands. Three passes of one C-level regular expression (offsets 0, 1 and
-- 2 mod 3): per character a few times cheaper than reading the text one character a row.
CREATE OR REPLACE FUNCTION gp_trigrams(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (SELECT array_to_tsvector(ARRAY(
  SELECT m[1] FROM (SELECT lower(t) || chr(31) AS l) AS f, generate_series(1, 3) AS k,
    regexp_matches(substr(f.l, k), '(...)', 'g') AS m)));--> statement-breakpoint
-- The union of a thread's messages' triples.
CREATE AGGREGATE gp_tsvector_union(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cs_work_order_search_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cs_work_order_search" ("work_order_id", "created_at", "last_asked_at", "title")
  VALUES (NEW."id", NEW."created_at", NEW."last_asked_at", gp_trigrams(NEW."title"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cs_work_order_search_add" AFTER INSERT ON "cs_work_order"
FOR EACH ROW EXECUTE FUNCTION "cs_work_order_search_add"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cs_work_order_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cs_work_order_search" SET "created_at" = NEW."created_at", "last_asked_at" = NEW."last_asked_at",
    "title" = CASE WHEN NEW."title" IS DISTINCT FROM OLD."title" THEN gp_trigrams(NEW."title") ELSE "title" END
  WHERE "work_order_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cs_work_order_search_sync" AFTER UPDATE OF "created_at", "last_asked_at", "title" ON "cs_work_order"
FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."last_asked_at" IS DISTINCT FROM NEW."last_asked_at"
  OR OLD."title" IS DISTINCT FROM NEW."title")
EXECUTE FUNCTION "cs_work_order_search_sync"();--> statement-breakpoint
-- A message's triples join its ticket's, by who wrote it. Messages are never edited (a recall keeps the text, and
-- the desk finds recalled replies too); a deleted one would only leave triples that the text test then refuses.
CREATE OR REPLACE FUNCTION "cs_work_order_search_message"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."kind" = 'reply' THEN
    UPDATE "cs_work_order_search" SET "replied" = "replied" || gp_trigrams(NEW."content")
    WHERE "work_order_id" = NEW."work_order_id";
  ELSE
    UPDATE "cs_work_order_search" SET "asked" = "asked" || gp_trigrams(NEW."content")
    WHERE "work_order_id" = NEW."work_order_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cs_work_order_search_message" AFTER INSERT ON "cs_work_order_message"
FOR EACH ROW WHEN (NEW."kind" IN ('question', 'follow_up', 'reply'))
EXECUTE FUNCTION "cs_work_order_search_message"();--> statement-breakpoint
INSERT INTO "cs_work_order_search" ("work_order_id", "created_at", "last_asked_at", "title", "asked", "replied")
SELECT w."id", w."created_at", w."last_asked_at", gp_trigrams(w."title"),
  coalesce((SELECT gp_tsvector_union(gp_trigrams(m."content")) FROM "cs_work_order_message" AS m
    WHERE m."work_order_id" = w."id" AND m."kind" IN ('question', 'follow_up')), ''),
  coalesce((SELECT gp_tsvector_union(gp_trigrams(m."content")) FROM "cs_work_order_message" AS m
    WHERE m."work_order_id" = w."id" AND m."kind" = 'reply'), '')
FROM "cs_work_order" AS w;--> statement-breakpoint
-- RUM (postgresql-NN-rum, packaged by Debian and PGDG) where the server has it and this role may create it; it
-- keeps each entry's last_asked_at, so the default order's newest matches come first. Else GIN (PGlite, or a
-- server without it): the same answers, the matches sorted after. deploy/README.md says how to install it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
    CREATE EXTENSION IF NOT EXISTS rum;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'the rum extension is installed but this role may not create it: the desk''s keyword search uses GIN';
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'rum') THEN
    CREATE INDEX "cs_work_order_search_title_idx" ON "cs_work_order_search"
      USING rum ("title" rum_tsvector_addon_ops, "last_asked_at") WITH (attach = 'last_asked_at', to = 'title');
    CREATE INDEX "cs_work_order_search_asked_idx" ON "cs_work_order_search"
      USING rum ("asked" rum_tsvector_addon_ops, "last_asked_at") WITH (attach = 'last_asked_at', to = 'asked');
    CREATE INDEX "cs_work_order_search_replied_idx" ON "cs_work_order_search"
      USING rum ("replied" rum_tsvector_addon_ops, "last_asked_at") WITH (attach = 'last_asked_at', to = 'replied');
  ELSE
    CREATE INDEX "cs_work_order_search_title_idx" ON "cs_work_order_search" USING gin ("title");
    CREATE INDEX "cs_work_order_search_asked_idx" ON "cs_work_order_search" USING gin ("asked");
    CREATE INDEX "cs_work_order_search_replied_idx" ON "cs_work_order_search" USING gin ("replied");
  END IF;
END $$;