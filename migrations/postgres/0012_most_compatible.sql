CREATE TABLE "most_compatible_picks" (
	"day" text NOT NULL,
	"user_id" text NOT NULL,
	"campus" text NOT NULL,
	"pick_user_id" text,
	"score" integer,
	CONSTRAINT "most_compatible_picks_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "most_compatible_runs" (
	"day" text NOT NULL,
	"campus" text NOT NULL,
	"method" text NOT NULL,
	"students" integer NOT NULL,
	"computed_at" bigint NOT NULL,
	CONSTRAINT "most_compatible_runs_day_campus_pk" PRIMARY KEY("day","campus")
);
--> statement-breakpoint
ALTER TABLE "most_compatible_picks" ADD CONSTRAINT "most_compatible_picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "most_compatible_picks" ADD CONSTRAINT "most_compatible_picks_pick_user_id_users_id_fk" FOREIGN KEY ("pick_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "most_compatible_picks_campus_idx" ON "most_compatible_picks" USING btree ("campus","day");