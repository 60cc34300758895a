CREATE TABLE `group_matches` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`group_id` text NOT NULL,
	`user_id` text,
	`other_group_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `group_matches_conversation_unique` ON `group_matches` (`conversation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `group_matches_student_unique` ON `group_matches` (`group_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `group_matches_groups_unique` ON `group_matches` (`group_id`,`other_group_id`);--> statement-breakpoint
CREATE INDEX `group_matches_user_idx` ON `group_matches` (`user_id`);--> statement-breakpoint
CREATE INDEX `group_matches_other_group_idx` ON `group_matches` (`other_group_id`);--> statement-breakpoint
ALTER TABLE `matches` ADD `group_id` text;