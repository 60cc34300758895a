CREATE TABLE "photo_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pose" text NOT NULL,
	"status" text NOT NULL,
	"challenge_expires_at" bigint NOT NULL,
	"selfie_key" text,
	"main_photo_id" text,
	"reject_reason" text,
	"reviewed_by" text,
	"reviewed_at" bigint,
	"submitted_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_verified_photo_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_university" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_verifications_user_idx" ON "photo_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "photo_verifications_status_idx" ON "photo_verifications" USING btree ("status","submitted_at");