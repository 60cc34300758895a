CREATE TABLE `most_compatible_picks` (
	`day` text NOT NULL,
	`user_id` text NOT NULL,
	`campus` text NOT NULL,
	`pick_user_id` text,
	`score` integer,
	PRIMARY KEY(`day`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pick_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `most_compatible_picks_campus_idx` ON `most_compatible_picks` (`campus`,`day`);--> statement-breakpoint
CREATE TABLE `most_compatible_runs` (
	`day` text NOT NULL,
	`campus` text NOT NULL,
	`method` text NOT NULL,
	`students` integer NOT NULL,
	`computed_at` integer NOT NULL,
	PRIMARY KEY(`day`, `campus`)
);
