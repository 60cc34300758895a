CREATE TABLE `photo_verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`pose` text NOT NULL,
	`status` text NOT NULL,
	`challenge_expires_at` integer NOT NULL,
	`selfie_key` text,
	`main_photo_id` text,
	`reject_reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`submitted_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photo_verifications_user_idx` ON `photo_verifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `photo_verifications_status_idx` ON `photo_verifications` (`status`,`submitted_at`);--> statement-breakpoint
ALTER TABLE `messages` ADD `kind` text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `photo_verified_photo_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `verified_university` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email` text;