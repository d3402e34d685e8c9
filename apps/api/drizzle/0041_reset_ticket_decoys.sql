ALTER TABLE "email_ticket" ALTER COLUMN "mid" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "email_ticket_email_idx" ON "email_ticket" USING btree ("email");--> statement-breakpoint
CREATE INDEX "email_ticket_mid_idx" ON "email_ticket" USING btree ("mid");