CREATE TABLE "pay_reconcile_check" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"last_status" text,
	"last_checked_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pay_settlement_mismatch" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_settlement_mismatch_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"order_no" text,
	"order_state" text,
	"order_amount" bigint,
	"order_currency" text,
	"provider_amount" bigint,
	"provider_currency" text,
	"provider_refunded" bigint,
	"found_at" timestamp with time zone NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	CONSTRAINT "pay_settlement_mismatch_kind" CHECK ("pay_settlement_mismatch"."kind" in ('paid_not_here', 'amount_differs', 'refunded_not_here', 'paid_not_there'))
);
--> statement-breakpoint
CREATE TABLE "pay_settlement_run" (
	"provider" text NOT NULL,
	"day" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"payments" integer NOT NULL,
	"mismatches" integer NOT NULL,
	CONSTRAINT "pay_settlement_run_provider_day_pk" PRIMARY KEY("provider","day")
);
--> statement-breakpoint
ALTER TABLE "pay_reconcile_check" ADD CONSTRAINT "pay_reconcile_check_order_id_pay_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pay_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_settlement_mismatch" ADD CONSTRAINT "pay_settlement_mismatch_resolved_by_staff_account_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_reconcile_check_due_idx" ON "pay_reconcile_check" USING btree ("next_check_at") WHERE "pay_reconcile_check"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_settlement_mismatch_open_idx" ON "pay_settlement_mismatch" USING btree ("provider","provider_ref","kind") WHERE "pay_settlement_mismatch"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "pay_settlement_mismatch_found_idx" ON "pay_settlement_mismatch" USING btree ("found_at");