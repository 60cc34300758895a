CREATE TABLE `roommate_agreement_acceptances` (
	`agreement_id` text NOT NULL,
	`version` integer NOT NULL,
	`user_id` text NOT NULL,
	`accepted_at` integer NOT NULL,
	PRIMARY KEY(`agreement_id`, `version`, `user_id`),
	FOREIGN KEY (`agreement_id`) REFERENCES `roommate_agreements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `roommate_agreement_versions` (
	`agreement_id` text NOT NULL,
	`version` integer NOT NULL,
	`terms` text NOT NULL,
	`parties` text NOT NULL,
	`proposed_by` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`agreement_id`, `version`),
	FOREIGN KEY (`agreement_id`) REFERENCES `roommate_agreements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `roommate_agreements` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`created_by` text,
	`current_version` integer NOT NULL,
	`accepted_version` integer,
	`accepted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roommate_agreements_conversation_unique` ON `roommate_agreements` (`conversation_id`);--> statement-breakpoint
CREATE TABLE `roommate_expenses` (
	`id` text PRIMARY KEY NOT NULL,
	`agreement_id` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`paid_by` text NOT NULL,
	`for_user_ids` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`agreement_id`) REFERENCES `roommate_agreements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`paid_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `roommate_expenses_agreement_idx` ON `roommate_expenses` (`agreement_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `roommate_outcomes` (
	`agreement_id` text NOT NULL,
	`user_id` text NOT NULL,
	`checkpoint_days` integer NOT NULL,
	`rating` integer NOT NULL,
	`what_works` text NOT NULL,
	`what_doesnt` text NOT NULL,
	`did_not_move_in` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`agreement_id`, `user_id`, `checkpoint_days`),
	FOREIGN KEY (`agreement_id`) REFERENCES `roommate_agreements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
