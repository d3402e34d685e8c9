CREATE TABLE "member_identity" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"mid" integer NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_identity_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "oauth_grant" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"channel_type" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"name" text,
	"email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_request" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"channel_type" integer NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_identity" ADD CONSTRAINT "member_identity_mid_member_mid_fk" FOREIGN KEY ("mid") REFERENCES "public"."member"("mid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_identity_mid_idx" ON "member_identity" USING btree ("mid");