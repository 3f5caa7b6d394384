-- One occasion's liked outfits are read from an index of the shopper's likes of that occasion,
-- newest first. Walked from all the shopper's likes (0024), a page of an occasion they seldom like
-- stepped over every like of the others: a cost that grew with the history. A swipe now carries
-- its outfit's occasion, as a favourite carries its item's category (0037).
ALTER TABLE swipes ADD COLUMN occasion_id smallint;
-- Filled without the swipes' triggers: their update triggers would gather every swipe into
-- transition tables only to find that no like, answer or queue changed. The table is locked
-- against swipes until the migration commits (docs/deploy.md).
ALTER TABLE swipes DISABLE TRIGGER USER;
UPDATE swipes s SET occasion_id = o.occasion_id FROM outfits o WHERE o.id = s.outfit_id;
ALTER TABLE swipes ENABLE TRIGGER USER;
-- The outfit's own occasion, always: an outfit moved to another occasion takes its swipes with
-- it (as it takes its closet rows, 0027), and a swipe naming another is refused.
ALTER TABLE swipes ALTER COLUMN occasion_id SET NOT NULL,
  ADD CONSTRAINT swipes_outfit_occasion_fkey FOREIGN KEY (outfit_id, occasion_id)
    REFERENCES outfits (id, occasion_id) ON UPDATE CASCADE ON DELETE CASCADE,
  DROP CONSTRAINT swipes_outfit_id_fkey;

CREATE INDEX swipes_user_occasion_likes_idx
  ON swipes (user_id, occasion_id, created_at DESC, outfit_id DESC)
  WHERE direction = 'like';
ANALYZE swipes;

-- The key's cascade rewrites each swipe of a moved outfit, naming its outfit again: only a swipe
-- moved to another shopper or outfit concerns the feed (0012, 0013), and the trigger's lock per
-- shopper must not be taken once for every shopper who swiped the outfit.
DROP TRIGGER swipes_feed_notify_update ON swipes;
CREATE TRIGGER swipes_feed_notify_update AFTER UPDATE OF user_id, outfit_id ON swipes
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.outfit_id IS DISTINCT FROM NEW.outfit_id)
  EXECUTE FUNCTION notify_swipe_change();

-- The feed writes the occasion with the swipe; any other insert gets it from the outfit here.
-- Both read it under a key-share lock: an outfit being moved to another occasion holds its row
-- until the move commits, and the swipe then reads the new occasion.
CREATE FUNCTION swipes_copy_occasion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.occasion_id INTO NEW.occasion_id FROM outfits o WHERE o.id = NEW.outfit_id
     FOR KEY SHARE;
  IF NOT FOUND THEN
    -- The error the foreign key gives, rather than the missing occasion's.
    RAISE foreign_key_violation USING MESSAGE = format('outfit %s does not exist', NEW.outfit_id);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER swipes_copy_occasion BEFORE INSERT ON swipes
  FOR EACH ROW WHEN (NEW.occasion_id IS NULL) EXECUTE FUNCTION swipes_copy_occasion();
