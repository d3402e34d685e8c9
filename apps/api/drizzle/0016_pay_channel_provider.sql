ALTER TABLE "pay_channel" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "pay_channel" ADD COLUMN "provider_methods" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Channels seeded before the column existed: the Stripe payment methods of the channels Stripe takes.
UPDATE "pay_channel" SET "provider_methods" = jsonb_build_object('stripe', jsonb_build_array("payment_type"))
WHERE "payment_type" IN ('card', 'promptpay', 'paynow', 'grabpay', 'fpx');
