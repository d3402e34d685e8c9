ALTER TABLE "pay_channel" ADD COLUMN "min_amount" bigint;--> statement-breakpoint
ALTER TABLE "pay_channel" ADD COLUMN "max_amount" bigint;--> statement-breakpoint
ALTER TABLE "pay_channel" ADD CONSTRAINT "pay_channel_min_amount" CHECK ("pay_channel"."min_amount" is null or "pay_channel"."min_amount" > 0);--> statement-breakpoint
ALTER TABLE "pay_channel" ADD CONSTRAINT "pay_channel_limits_order" CHECK ("pay_channel"."min_amount" is null or "pay_channel"."max_amount" is null or "pay_channel"."max_amount" >= "pay_channel"."min_amount");