CREATE TABLE "deck_positions" (
	"user_id" text NOT NULL,
	"university" text NOT NULL,
	"position" bigint NOT NULL,
	"holes" text NOT NULL,
	"checked_to" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "deck_positions_user_id_university_pk" PRIMARY KEY("user_id","university")
);
--> statement-breakpoint
DROP INDEX "profiles_university_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "deck_seq" bigint;--> statement-breakpoint
ALTER TABLE "deck_positions" ADD CONSTRAINT "deck_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_deck_walk_idx" ON "profiles" USING btree ("university","deck_seq","id");