ALTER TABLE "email_ticket" ALTER COLUMN "mid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_session" ADD COLUMN "persistent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_session" ADD COLUMN "reauth_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_account" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "staff_session" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_session" ADD COLUMN "reauth_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_ticket_email_idx" ON "email_ticket" USING btree ("email");--> statement-breakpoint
CREATE INDEX "email_ticket_mid_idx" ON "email_ticket" USING btree ("mid");--> statement-breakpoint
-- Hand-written (issue 33 item 1): a live staff session cannot tell how it was opened, so every one ends; staff log in again.
UPDATE "staff_session" SET "revoked_at" = now() WHERE "revoked_at" IS NULL;
