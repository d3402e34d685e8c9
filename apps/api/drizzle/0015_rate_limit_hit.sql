-- UNLOGGED by hand (drizzle-kit cannot say it): one-minute counts need no crash safety and no replica.
CREATE UNLOGGED TABLE "rate_limit_hit" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
