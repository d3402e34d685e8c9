CREATE TABLE "member_device" (
	"mid" integer NOT NULL,
	"device_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_device_mid_device_hash_pk" PRIMARY KEY("mid","device_hash")
);
--> statement-breakpoint
ALTER TABLE "member_session" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "member_session" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "member_session" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_device" ADD CONSTRAINT "member_device_mid_member_mid_fk" FOREIGN KEY ("mid") REFERENCES "public"."member"("mid") ON DELETE cascade ON UPDATE no action;