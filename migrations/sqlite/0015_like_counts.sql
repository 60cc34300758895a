DROP INDEX `matches_user_created_idx`;--> statement-breakpoint
CREATE INDEX `matches_user_likes_idx` ON `matches` (`user_id`,`is_super_like`,`created_at`,`status`) WHERE status <> 'passed';