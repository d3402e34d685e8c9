ALTER TABLE "member_session" ADD COLUMN "persistent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_session" ADD COLUMN "reauth_at" timestamp with time zone;