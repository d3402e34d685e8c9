CREATE TABLE "email_ticket" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"mid" integer NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
