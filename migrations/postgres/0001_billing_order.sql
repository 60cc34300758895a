CREATE TABLE "provider_subscriptions" (
	"provider_subscription_id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"customer_id" text,
	"plan" text,
	"plan_stamp" text,
	"active" smallint,
	"active_stamp" text,
	"cancel_at_period_end" smallint,
	"cancel_stamp" text,
	"period_end" bigint,
	"period_end_stamp" text,
	"ended_at" bigint,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
CREATE INDEX "provider_subscriptions_user_idx" ON "provider_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("provider_subscription_id");