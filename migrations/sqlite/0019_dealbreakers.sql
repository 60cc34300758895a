ALTER TABLE `roommate_preferences` ADD `dealbreaker_no_smokers` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `roommate_preferences` ADD `dealbreaker_no_pets` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `roommate_preferences` ADD `dealbreaker_budget_ceiling` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `roommate_preferences` ADD `dealbreaker_no_frequent_guests` integer DEFAULT false NOT NULL;