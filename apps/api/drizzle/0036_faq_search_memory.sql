CREATE TABLE "cs_faq_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "cs_faq_i18n_title_bigrams_idx";--> statement-breakpoint
DROP INDEX "cs_faq_i18n_content_bigrams_idx";--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express triggers): the one row, and a statement-level bump after every insert,
-- update, delete or truncate of what the players' FAQ lists or finds - once per statement, however many rows (a
-- bulk load, a cascade from a deleted game), so a writer costs one row update and the readers one look-up.
ALTER TABLE "cs_faq_version" ADD CONSTRAINT "cs_faq_version_one_row" CHECK ("id" = 1);--> statement-breakpoint
INSERT INTO "cs_faq_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "cs_faq_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cs_faq_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cs_faq_version_faq" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cs_faq"
  FOR EACH STATEMENT EXECUTE FUNCTION "cs_faq_version_bump"();--> statement-breakpoint
CREATE TRIGGER "cs_faq_version_faq_i18n" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cs_faq_i18n"
  FOR EACH STATEMENT EXECUTE FUNCTION "cs_faq_version_bump"();--> statement-breakpoint
CREATE TRIGGER "cs_faq_version_question_type" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cs_question_type"
  FOR EACH STATEMENT EXECUTE FUNCTION "cs_faq_version_bump"();
