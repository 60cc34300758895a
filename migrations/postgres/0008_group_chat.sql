ALTER TABLE "conversations" ALTER COLUMN "user1_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "user2_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD COLUMN "read_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_group_unique" UNIQUE("group_id");--> statement-breakpoint
INSERT INTO "conversations" ("id", "group_id", "created_at") SELECT 'group-' || "id", "id", "created_at" FROM "groups";--> statement-breakpoint
INSERT INTO "conversation_participants" ("conversation_id", "user_id") SELECT 'group-' || "group_id", "user_id" FROM "group_members";
