CREATE TABLE "roommate_outcomes" (
	"agreement_id" text NOT NULL,
	"user_id" text NOT NULL,
	"checkpoint_days" integer NOT NULL,
	"rating" integer NOT NULL,
	"what_works" text NOT NULL,
	"what_doesnt" text NOT NULL,
	"did_not_move_in" smallint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "roommate_outcomes_agreement_id_user_id_checkpoint_days_pk" PRIMARY KEY("agreement_id","user_id","checkpoint_days")
);
--> statement-breakpoint
ALTER TABLE "roommate_outcomes" ADD CONSTRAINT "roommate_outcomes_agreement_id_roommate_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."roommate_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_outcomes" ADD CONSTRAINT "roommate_outcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;