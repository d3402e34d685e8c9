CREATE TABLE "cs_export_job" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"lang" text NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"row_count" integer,
	"bytes" "bytea",
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cs_export_job_status_check" CHECK ("cs_export_job"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "cs_work_order_message" ADD COLUMN "notice_outbox_id" integer;--> statement-breakpoint
ALTER TABLE "cs_export_job" ADD CONSTRAINT "cs_export_job_staff_id_staff_account_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cs_export_job_status_idx" ON "cs_export_job" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cs_export_job_created_idx" ON "cs_export_job" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "cs_work_order_message" ADD CONSTRAINT "cs_work_order_message_notice_outbox_id_outbox_message_id_fk" FOREIGN KEY ("notice_outbox_id") REFERENCES "public"."outbox_message"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cs_work_order_status_created_idx" ON "cs_work_order" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cs_work_order_last_asked_idx" ON "cs_work_order" USING btree ("last_asked_at");--> statement-breakpoint
CREATE INDEX "cs_work_order_mid_game_idx" ON "cs_work_order" USING btree ("mid","game_base_id","created_at");