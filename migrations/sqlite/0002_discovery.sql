CREATE TABLE `balances` (
	`user_id` text PRIMARY KEY NOT NULL,
	`super_likes` integer DEFAULT 0 NOT NULL,
	`boosts` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `blocked_users` (
	`id` text PRIMARY KEY NOT NULL,
	`blocker_id` text NOT NULL,
	`blocked_user_id` text NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blocked_pair_unique` ON `blocked_users` (`blocker_id`,`blocked_user_id`);--> statement-breakpoint
CREATE INDEX `blocked_reverse_idx` ON `blocked_users` (`blocked_user_id`);--> statement-breakpoint
CREATE TABLE `boosts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`source` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `boosts_user_idx` ON `boosts` (`user_id`,`ends_at`);--> statement-breakpoint
CREATE INDEX `boosts_ends_idx` ON `boosts` (`ends_at`);--> statement-breakpoint
CREATE TABLE `matches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`matched_user_id` text NOT NULL,
	`status` text NOT NULL,
	`is_super_like` integer DEFAULT false NOT NULL,
	`compatibility_score` integer,
	`matched_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`matched_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `matches_pair_unique` ON `matches` (`user_id`,`matched_user_id`);--> statement-breakpoint
CREATE INDEX `matches_target_idx` ON `matches` (`matched_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `matches_user_created_idx` ON `matches` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`is_premium` integer DEFAULT false NOT NULL,
	`tier` text,
	`subscription_end` integer,
	`cancelled` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `profiles_university_idx` ON `profiles` (`university`);