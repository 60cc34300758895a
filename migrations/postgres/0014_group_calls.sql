CREATE TABLE "group_call_participants" (
	"call_id" text NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" bigint NOT NULL,
	CONSTRAINT "group_call_participants_call_id_user_id_pk" PRIMARY KEY("call_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"caller_id" text NOT NULL,
	"media" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_call_participants" ADD CONSTRAINT "group_call_participants_call_id_group_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."group_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_call_participants" ADD CONSTRAINT "group_call_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_calls" ADD CONSTRAINT "group_calls_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_calls" ADD CONSTRAINT "group_calls_caller_id_users_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_call_participants_user_idx" ON "group_call_participants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_calls_conversation_unique" ON "group_calls" USING btree ("conversation_id");