-- Issue 20 (N116): user1_id and user2_id become optional for group conversations. SQLite rebuilds the
-- table, and the migrator runs in a transaction where PRAGMA foreign_keys cannot be turned off, so
-- dropping the old table cascades to participants and messages: they are copied aside and back.
CREATE TABLE `__keep_participants` AS SELECT * FROM `conversation_participants`;--> statement-breakpoint
CREATE TABLE `__keep_messages` AS SELECT * FROM `messages`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`user1_id` text,
	`user2_id` text,
	`last_message_at` integer,
	`last_message_text` text,
	`last_message_seq` integer DEFAULT 0 NOT NULL,
	`group_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user1_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user2_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_conversations`("id", "user1_id", "user2_id", "last_message_at", "last_message_text", "last_message_seq", "group_id", "created_at") SELECT "id", "user1_id", "user2_id", "last_message_at", "last_message_text", "last_message_seq", NULL, "created_at" FROM `conversations`;--> statement-breakpoint
DROP TABLE `conversations`;--> statement-breakpoint
ALTER TABLE `__new_conversations` RENAME TO `conversations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_group_unique` ON `conversations` (`group_id`);--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `read_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT OR IGNORE INTO `conversation_participants` (`conversation_id`, `user_id`, `cleared_seq`, `hidden`) SELECT `conversation_id`, `user_id`, `cleared_seq`, `hidden` FROM `__keep_participants`;--> statement-breakpoint
INSERT OR IGNORE INTO `messages` (`seq`, `id`, `conversation_id`, `sender_id`, `content`, `is_read`, `removed`, `held`, `kind`, `created_at`) SELECT `seq`, `id`, `conversation_id`, `sender_id`, `content`, `is_read`, `removed`, `held`, `kind`, `created_at` FROM `__keep_messages`;--> statement-breakpoint
DROP TABLE `__keep_participants`;--> statement-breakpoint
DROP TABLE `__keep_messages`;--> statement-breakpoint
INSERT INTO `conversations` (`id`, `group_id`, `created_at`) SELECT 'group-' || `id`, `id`, `created_at` FROM `groups`;--> statement-breakpoint
INSERT INTO `conversation_participants` (`conversation_id`, `user_id`) SELECT 'group-' || `group_id`, `user_id` FROM `group_members`;
