ALTER TABLE "member_identity" ADD COLUMN "email_relay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_identity" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "oauth_request" ADD COLUMN "form_code" text;--> statement-breakpoint
ALTER TABLE "oauth_request" ADD COLUMN "form_user" text;