ALTER TABLE "staff_account" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "staff_session" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_session" ADD COLUMN "reauth_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (issue 33 item 1): a live session cannot tell how it was opened, so every one ends; staff log in again.
UPDATE "staff_session" SET "revoked_at" = now() WHERE "revoked_at" IS NULL;
