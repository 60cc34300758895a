-- The deck walk's order on a campus (issue 18 §8, N156): existing students in the order they were
-- created; new ones and those who change campus take the next number of a sequence, under a
-- transaction-scoped advisory lock, so numbers become visible in the order they are handed out and
-- a deck position computed from any snapshot never covers a student committed after it.
CREATE SEQUENCE IF NOT EXISTS "profiles_deck_seq";
--> statement-breakpoint
UPDATE "profiles" SET "deck_seq" = n.seq
  FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS seq FROM "profiles") n
  WHERE n."id" = "profiles"."id";
--> statement-breakpoint
SELECT setval('profiles_deck_seq', greatest((SELECT max("deck_seq") FROM "profiles"), 1));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION nestmate_profiles_deck_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.deck_seq IS NOT NULL THEN
    -- A row copied with its number (the PostgreSQL deck bench): the sequence stays ahead of it.
    IF NEW.deck_seq > (SELECT last_value FROM profiles_deck_seq) THEN
      PERFORM setval('profiles_deck_seq', NEW.deck_seq);
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.university IS NOT DISTINCT FROM OLD.university THEN
    NEW.deck_seq := OLD.deck_seq;
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('deck-seq', 0));
  NEW.deck_seq := nextval('profiles_deck_seq');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_deck_seq BEFORE INSERT OR UPDATE OF "university" ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION nestmate_profiles_deck_seq();
