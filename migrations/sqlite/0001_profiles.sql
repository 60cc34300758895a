CREATE TABLE `photos` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`storage_key` text NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photos_user_idx` ON `photos` (`user_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `photos_key_unique` ON `photos` (`storage_key`);--> statement-breakpoint
CREATE TABLE `profile_prompts` (
	`profile_id` text NOT NULL,
	`prompt_id` text NOT NULL,
	`response` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`profile_id`, `prompt_id`),
	FOREIGN KEY (`profile_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`prompt_id`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `roommate_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`cleanliness` integer NOT NULL,
	`sleep_schedule` integer NOT NULL,
	`noise_level` integer NOT NULL,
	`study_habits` integer NOT NULL,
	`guest_policy` integer,
	`smoking_tolerance` text,
	`housing_status` text,
	`financial_status` text,
	`needs_cosigner` text,
	`move_in_choice` text,
	`move_in_date` text,
	`min_budget` integer,
	`max_budget` integer,
	`preferred_neighborhoods` text DEFAULT '[]' NOT NULL,
	`dealbreakers` text DEFAULT '[]' NOT NULL,
	`gender_preference` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `profiles` ADD `bio` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `university` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `major` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `graduation_year` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `gender` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `gender_self_describe` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `cooking_frequency` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `alcohol` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `pets` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `hobbies` text DEFAULT '[]' NOT NULL;