CREATE TABLE "hidden_words" (
	"user_id" text NOT NULL,
	"word" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "hidden_words_user_id_word_pk" PRIMARY KEY("user_id","word")
);
--> statement-breakpoint
ALTER TABLE "hidden_words" ADD CONSTRAINT "hidden_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;