ALTER TABLE "outbox_message" ADD COLUMN "scrubbed_body" text;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "secret_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "member_session_expires_idx" ON "member_session" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "captcha_challenge_expires_idx" ON "captcha_challenge" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_message_secret_idx" ON "outbox_message" USING btree ("secret_expires_at") WHERE "outbox_message"."scrubbed_body" is not null;--> statement-breakpoint
CREATE INDEX "outbox_message_created_idx" ON "outbox_message" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rsa_nonce_expires_idx" ON "rsa_nonce" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "verification_code_expires_idx" ON "verification_code" USING btree ("expires_at");