CREATE TABLE "pay_game_server" (
	"game_base_id" integer PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"key_id" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_saved_at" timestamp with time zone NOT NULL,
	"next_key_id" text,
	"next_secret_sealed" text,
	"next_secret_saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_game_server_next_key" CHECK (("pay_game_server"."next_key_id" is null) = ("pay_game_server"."next_secret_sealed" is null) and ("pay_game_server"."next_key_id" is null or "pay_game_server"."next_key_id" <> "pay_game_server"."key_id"))
);
--> statement-breakpoint
CREATE TABLE "pay_game_server_health" (
	"game_base_id" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone,
	"check_ok" boolean,
	"check_failed" text,
	"synced_at" timestamp with time zone,
	"sync_ok" boolean,
	"sync_failed" text,
	"servers_listed" integer,
	"servers_maintenance" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_server" ADD COLUMN "reported_maintenance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_server" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_game_server" ADD CONSTRAINT "pay_game_server_game_base_id_game_game_base_id_fk" FOREIGN KEY ("game_base_id") REFERENCES "public"."game"("game_base_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_game_server_health" ADD CONSTRAINT "pay_game_server_health_game_base_id_game_game_base_id_fk" FOREIGN KEY ("game_base_id") REFERENCES "public"."game"("game_base_id") ON DELETE cascade ON UPDATE no action;