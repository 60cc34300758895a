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
