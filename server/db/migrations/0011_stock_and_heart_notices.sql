-- Two more copies every app process keeps for a few seconds (server/lib/stock-levels.ts and
-- server/lib/shopper-hearts.ts): the stock of the items it has just shown, and each shopper's
-- hearted pieces. Feed pages and repeated item searches read them many times a second, and
-- they change far less often: stock at checkout and when an administrator restocks, hearts when
-- the shopper taps one.

-- An item's stock that changed is announced with its id; deleted items all at once.
CREATE FUNCTION notify_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('drape_stock_changed', '*');
  ELSE
    PERFORM pg_notify('drape_stock_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER items_stock_notify AFTER UPDATE OF stock ON items
  FOR EACH ROW WHEN (NEW.stock IS DISTINCT FROM OLD.stock)
  EXECUTE FUNCTION notify_stock_change();
CREATE TRIGGER items_stock_notify_delete AFTER DELETE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_change();

-- A shopper's hearts that changed are announced with the shopper's id. Pieces a right swipe
-- brings along (source 'outfit') are not hearts and are not announced: swipes stay cheap.
CREATE FUNCTION notify_heart_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('drape_hearts_changed', OLD.user_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('drape_hearts_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER item_favorites_hearts_notify_insert AFTER INSERT ON item_favorites
  FOR EACH ROW WHEN (NEW.source = 'heart') EXECUTE FUNCTION notify_heart_change();
CREATE TRIGGER item_favorites_hearts_notify_update AFTER UPDATE ON item_favorites
  FOR EACH ROW WHEN (OLD.source = 'heart' OR NEW.source = 'heart')
  EXECUTE FUNCTION notify_heart_change();
CREATE TRIGGER item_favorites_hearts_notify_delete AFTER DELETE ON item_favorites
  FOR EACH ROW WHEN (OLD.source = 'heart') EXECUTE FUNCTION notify_heart_change();

-- A shopper's hearts without the many pieces their right swipes brought along.
CREATE INDEX item_favorites_hearts_idx ON item_favorites (user_id) WHERE source = 'heart';
