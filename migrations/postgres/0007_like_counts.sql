DROP INDEX "matches_user_created_idx";--> statement-breakpoint
CREATE INDEX "matches_user_likes_idx" ON "matches" USING btree ("user_id","is_super_like","created_at","status") WHERE status <> 'passed';
--> statement-breakpoint
-- What a swipe decision reads, in one row (issue 18 §6; SWIPE_STATE_SQLITE is its SQLite twin).
CREATE OR REPLACE FUNCTION nestmate_swipe_state(p_me text, p_target text, p_since bigint)
RETURNS TABLE (
  likes integer, supers integer, balance integer,
  e_status text, e_super smallint, e_created bigint, e_matched bigint,
  r_status text, r_super smallint, r_created bigint, r_matched bigint
) LANGUAGE sql STABLE AS $$
  SELECT
    (SELECT count(*)::integer FROM (SELECT 1 FROM matches WHERE user_id = p_me AND is_super_like = 0
       AND status <> 'passed' AND created_at > p_since LIMIT 100) l),
    (SELECT count(*)::integer FROM (SELECT 1 FROM matches WHERE user_id = p_me AND is_super_like = 1
       AND status <> 'passed' AND created_at > p_since LIMIT 100) s),
    (SELECT b.super_likes FROM balances b WHERE b.user_id = p_me),
    e.status, e.is_super_like, e.created_at, e.matched_at,
    r.status, r.is_super_like, r.created_at, r.matched_at
  FROM (SELECT 1) one
  LEFT JOIN matches e ON e.user_id = p_me AND e.matched_user_id = p_target
  LEFT JOIN matches r ON r.user_id = p_target AND r.matched_user_id = p_me
$$;
--> statement-breakpoint
-- The check-and-write of a swipe in one round trip (issue 18 §6, N79): the decision was made by
-- core's decideSwipe on the state read just before; here both students' rows are locked (id order,
-- like every other swipe), the state is read again, and the writes happen only if it is still the
-- state the decision saw. Otherwise nothing is written and false asks the caller to decide again.
CREATE OR REPLACE FUNCTION nestmate_swipe_apply(
  p_me text, p_target text, p_since bigint, p_seen text,
  p_id text, p_status text, p_super smallint, p_score integer, p_matched_at bigint, p_now bigint,
  p_match_reverse boolean, p_spend boolean
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (p_me, p_target) ORDER BY id FOR UPDATE;
  IF (SELECT row_to_json(s)::text FROM nestmate_swipe_state(p_me, p_target, p_since) s) IS DISTINCT FROM p_seen THEN
    RETURN false;
  END IF;
  INSERT INTO matches (id, user_id, matched_user_id, status, is_super_like, compatibility_score, matched_at, created_at)
  VALUES (p_id, p_me, p_target, p_status, p_super, p_score, p_matched_at, p_now);
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
