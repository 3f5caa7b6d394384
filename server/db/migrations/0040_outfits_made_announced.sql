-- Outfit search pages are kept per process (server/features/search/search-pages.ts), so a new
-- outfit must be announced as a redesign is: any search may now find it. The outfit cards kept
-- under its id (none yet) are forgotten with it, which costs nothing. Its pieces are written in
-- the same transaction, so the outfit's row alone announces it.
CREATE OR REPLACE FUNCTION notify_outfit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('drape_outfit_changed', NEW.id::text);
  ELSIF TG_TABLE_NAME = 'outfits' THEN
    PERFORM pg_notify('drape_outfit_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('drape_outfit_changed', OLD.outfit_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER outfits_made_notify AFTER INSERT ON outfits
  FOR EACH ROW EXECUTE FUNCTION notify_outfit_change();
