ALTER TABLE "roommate_preferences" ADD COLUMN "dealbreaker_no_smokers" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "roommate_preferences" ADD COLUMN "dealbreaker_no_pets" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "roommate_preferences" ADD COLUMN "dealbreaker_budget_ceiling" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "roommate_preferences" ADD COLUMN "dealbreaker_no_frequent_guests" smallint DEFAULT 0 NOT NULL;