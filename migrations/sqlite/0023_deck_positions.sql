CREATE TABLE `deck_positions` (
	`user_id` text NOT NULL,
	`university` text NOT NULL,
	`position` integer NOT NULL,
	`holes` text NOT NULL,
	`checked_to` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `university`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `deck_sequence` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL
);
--> statement-breakpoint
DROP INDEX `profiles_university_idx`;--> statement-breakpoint
ALTER TABLE `profiles` ADD `deck_seq` integer;--> statement-breakpoint
CREATE INDEX `profiles_deck_walk_idx` ON `profiles` (`university`,`deck_seq`,`id`);