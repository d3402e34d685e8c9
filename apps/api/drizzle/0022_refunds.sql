CREATE TABLE "pay_order_dispute" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"dispute_ref" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_order_refund" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"staff_id" integer,
	"staff_account_id" text,
	"refund_ref" text,
	"source" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"reversal_status" text NOT NULL,
	"reversal_reason" text,
	"reversal_attempts" integer DEFAULT 0 NOT NULL,
	"reversal_next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversal_lease_token" text,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_order_refund_reason" CHECK ("pay_order_refund"."reason" in ('player_request', 'duplicate', 'not_delivered', 'other', 'provider')),
	CONSTRAINT "pay_order_refund_reversal_status" CHECK ("pay_order_refund"."reversal_status" in ('not_needed', 'pending', 'reversed', 'refused', 'not_delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "pay_sandbox_refund" (
	"merchant_order_no" text PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"pay_order_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_sandbox_refund_refund_id_unique" UNIQUE("refund_id")
);
--> statement-breakpoint
ALTER TABLE "pay_order_dispute" ADD CONSTRAINT "pay_order_dispute_order_id_pay_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pay_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_order_refund" ADD CONSTRAINT "pay_order_refund_order_id_pay_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pay_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_order_refund_reversal_due_idx" ON "pay_order_refund" USING btree ("reversal_next_at") WHERE "pay_order_refund"."reversal_status" = 'pending';