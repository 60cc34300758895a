CREATE TABLE `provider_subscriptions` (
	`provider_subscription_id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`customer_id` text,
	`plan` text,
	`plan_stamp` text,
	`active` integer,
	`active_stamp` text,
	`cancel_at_period_end` integer,
	`cancel_stamp` text,
	`period_end` integer,
	`period_end_stamp` text,
	`ended_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `provider_subscriptions_user_idx` ON `provider_subscriptions` (`user_id`);--> statement-breakpoint
ALTER TABLE `payments` ADD `provider_subscription_id` text;--> statement-breakpoint
CREATE INDEX `payments_subscription_idx` ON `payments` (`provider_subscription_id`);