-- The deck walk's order on a campus (issue 18 §8, N156). Existing students keep the order the walk
-- had (their rowid); the counter starts past them.
UPDATE `profiles` SET `deck_seq` = rowid;
--> statement-breakpoint
INSERT INTO `deck_sequence` (`seq`) SELECT max(`deck_seq`) FROM `profiles` WHERE `deck_seq` IS NOT NULL;
--> statement-breakpoint
DELETE FROM `deck_sequence`;
--> statement-breakpoint
-- A new student takes the next number: past every deck position on their campus.
CREATE TRIGGER `profiles_deck_seq_insert` AFTER INSERT ON `profiles` WHEN new.`deck_seq` IS NULL
BEGIN
  INSERT INTO `deck_sequence` (`seq`) VALUES (NULL);
  UPDATE `profiles` SET `deck_seq` = last_insert_rowid() WHERE rowid = new.rowid;
  DELETE FROM `deck_sequence`;
END;
--> statement-breakpoint
-- A student who changes campus takes a new number too: a position on the new campus never covers them.
CREATE TRIGGER `profiles_deck_seq_move` AFTER UPDATE OF `university` ON `profiles`
  WHEN new.`university` IS NOT old.`university`
BEGIN
  INSERT INTO `deck_sequence` (`seq`) VALUES (NULL);
  UPDATE `profiles` SET `deck_seq` = last_insert_rowid() WHERE rowid = new.rowid;
  DELETE FROM `deck_sequence`;
END;
