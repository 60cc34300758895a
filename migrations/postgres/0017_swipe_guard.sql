-- The check-and-write of a swipe checks only what the decision rests on (issue 18 §6, N162): core's
-- decideSwipe returns its guard with the decision (SwipeGuard in core/likes/rules.ts, mirrored here
-- as guardHolds is), and the write happens only while the state still meets it. Locks are
-- transaction-scoped advisory locks, not the students' rows: the pair's, taken by every swipe of the
-- two students with each other (two likes at once still make one match), and the liker's only when
-- a daily count decides (capped likes, super likes), so a Gold member's likes run side by side and
-- many members liking one student do not queue on that student's row. false: decide again.
CREATE OR REPLACE FUNCTION nestmate_swipe_guarded(
  p_me text, p_target text, p_since bigint,
  p_mutual boolean, p_likes_below integer, p_supers_below integer, p_supers_at_least integer,
  p_id text, p_status text, p_super smallint, p_score integer, p_matched_at bigint, p_now bigint,
  p_match_reverse boolean, p_spend boolean, p_group text
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_likes_below IS NOT NULL OR p_supers_below IS NOT NULL OR p_supers_at_least IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('swipe:' || p_me, 0));
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('swipe-pair:' || least(p_me, p_target) || ':' || greatest(p_me, p_target), 0));
  -- Each statement below reads what committed before it, including a swipe that held these locks.
  IF EXISTS (SELECT 1 FROM matches WHERE user_id = p_me AND matched_user_id = p_target) THEN
    RETURN false;
  END IF;
  IF p_mutual IS NOT NULL AND p_mutual IS DISTINCT FROM EXISTS (
    SELECT 1 FROM matches WHERE user_id = p_target AND matched_user_id = p_me AND status <> 'passed'
  ) THEN
    RETURN false;
  END IF;
  IF p_likes_below IS NOT NULL AND (SELECT count(*) FROM (SELECT 1 FROM matches WHERE user_id = p_me
      AND is_super_like = 0 AND status <> 'passed' AND created_at > p_since LIMIT p_likes_below) l) >= p_likes_below THEN
    RETURN false;
  END IF;
  IF p_supers_below IS NOT NULL AND (SELECT count(*) FROM (SELECT 1 FROM matches WHERE user_id = p_me
      AND is_super_like = 1 AND status <> 'passed' AND created_at > p_since LIMIT p_supers_below) s) >= p_supers_below THEN
    RETURN false;
  END IF;
  IF p_supers_at_least IS NOT NULL AND ((SELECT count(*) FROM (SELECT 1 FROM matches WHERE user_id = p_me
      AND is_super_like = 1 AND status <> 'passed' AND created_at > p_since LIMIT p_supers_at_least) s) < p_supers_at_least
      OR coalesce((SELECT super_likes FROM balances WHERE user_id = p_me), 0) <= 0) THEN
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
