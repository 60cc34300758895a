CREATE TABLE "group_matches" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"group_id" text NOT NULL,
	"user_id" text,
	"other_group_id" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "group_matches" ADD CONSTRAINT "group_matches_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_matches" ADD CONSTRAINT "group_matches_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_matches" ADD CONSTRAINT "group_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_matches" ADD CONSTRAINT "group_matches_other_group_id_groups_id_fk" FOREIGN KEY ("other_group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_matches_conversation_unique" ON "group_matches" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_matches_student_unique" ON "group_matches" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_matches_groups_unique" ON "group_matches" USING btree ("group_id","other_group_id");--> statement-breakpoint
CREATE INDEX "group_matches_user_idx" ON "group_matches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_matches_other_group_idx" ON "group_matches" USING btree ("other_group_id");--> statement-breakpoint
-- A like carries the group it was made for (issue 20, N121): the check-and-write of 0007 with one
-- more parameter.
DROP FUNCTION IF EXISTS nestmate_swipe_apply(text, text, bigint, text, text, text, smallint, integer, bigint, bigint, boolean, boolean);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION nestmate_swipe_apply(
  p_me text, p_target text, p_since bigint, p_seen text,
  p_id text, p_status text, p_super smallint, p_score integer, p_matched_at bigint, p_now bigint,
  p_match_reverse boolean, p_spend boolean, p_group text
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (p_me, p_target) ORDER BY id FOR UPDATE;
  IF (SELECT row_to_json(s)::text FROM nestmate_swipe_state(p_me, p_target, p_since) s) IS DISTINCT FROM p_seen THEN
    RETURN false;
  END IF;
  INSERT INTO matches (id, user_id, matched_user_id, status, is_super_like, compatibility_score, matched_at, created_at, group_id)
  VALUES (p_id, p_me, p_target, p_status, p_super, p_score, p_matched_at, p_now, p_group);
  IF p_match_reverse THEN
    UPDATE matches SET status = 'matched', matched_at = p_now
    WHERE user_id = p_target AND matched_user_id = p_me AND status = 'liked';
  END IF;
  IF p_spend THEN
    UPDATE balances SET super_likes = super_likes - 1, updated_at = p_now WHERE user_id = p_me AND super_likes > 0;
  END IF;
  RETURN true;
END
$$;
