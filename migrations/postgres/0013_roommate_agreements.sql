CREATE TABLE "roommate_agreement_acceptances" (
	"agreement_id" text NOT NULL,
	"version" integer NOT NULL,
	"user_id" text NOT NULL,
	"accepted_at" bigint NOT NULL,
	CONSTRAINT "roommate_agreement_acceptances_agreement_id_version_user_id_pk" PRIMARY KEY("agreement_id","version","user_id")
);
--> statement-breakpoint
CREATE TABLE "roommate_agreement_versions" (
	"agreement_id" text NOT NULL,
	"version" integer NOT NULL,
	"terms" text NOT NULL,
	"parties" text NOT NULL,
	"proposed_by" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "roommate_agreement_versions_agreement_id_version_pk" PRIMARY KEY("agreement_id","version")
);
--> statement-breakpoint
CREATE TABLE "roommate_agreements" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"created_by" text,
	"current_version" integer NOT NULL,
	"accepted_version" integer,
	"accepted_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "roommate_agreements_conversation_unique" UNIQUE("conversation_id")
);
--> statement-breakpoint
CREATE TABLE "roommate_expenses" (
	"id" text PRIMARY KEY NOT NULL,
	"agreement_id" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_by" text NOT NULL,
	"for_user_ids" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "roommate_agreement_acceptances" ADD CONSTRAINT "roommate_agreement_acceptances_agreement_id_roommate_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."roommate_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_agreement_acceptances" ADD CONSTRAINT "roommate_agreement_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_agreement_versions" ADD CONSTRAINT "roommate_agreement_versions_agreement_id_roommate_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."roommate_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_agreement_versions" ADD CONSTRAINT "roommate_agreement_versions_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_agreements" ADD CONSTRAINT "roommate_agreements_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_agreements" ADD CONSTRAINT "roommate_agreements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_expenses" ADD CONSTRAINT "roommate_expenses_agreement_id_roommate_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."roommate_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_expenses" ADD CONSTRAINT "roommate_expenses_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_expenses" ADD CONSTRAINT "roommate_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_outcomes" ADD CONSTRAINT "roommate_outcomes_agreement_id_roommate_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."roommate_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roommate_outcomes" ADD CONSTRAINT "roommate_outcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roommate_expenses_agreement_idx" ON "roommate_expenses" USING btree ("agreement_id","created_at");