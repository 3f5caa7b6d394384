-- Every app process keeps the sessions it has just checked in memory for a few seconds
-- (server/lib/announced-cache.ts, used by server/plugins/auth.ts). A session that ends or is cut short anywhere (a sign-out in
-- another process, an expiry set by hand, a deleted account) is announced on this channel, with
-- the session's token hash, so every process forgets it at once rather than when its copy ages.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drape_session_changed', OLD.token_hash);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();

-- Sliding expiry only ever moves a session's end later; that need not be announced.
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN (NEW.expires_at < OLD.expires_at OR NEW.user_id <> OLD.user_id
        OR NEW.token_hash <> OLD.token_hash)
  EXECUTE FUNCTION notify_session_change();

-- What a cached session says of its user (name, role) must not outlive a change to it either.
CREATE FUNCTION notify_user_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drape_session_changed', s.token_hash) FROM sessions s WHERE s.user_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_notify_sessions AFTER UPDATE OF username, is_admin ON users
  FOR EACH ROW
  WHEN (NEW.username IS DISTINCT FROM OLD.username OR NEW.is_admin IS DISTINCT FROM OLD.is_admin)
  EXECUTE FUNCTION notify_user_sessions();

-- The feed's outfit cards are kept the same way (server/features/feed/outfit-cards.ts): an
-- outfit renamed, redesigned or deleted is announced with its id.
CREATE FUNCTION notify_outfit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'outfits' THEN
    PERFORM pg_notify('drape_outfit_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('drape_outfit_changed', OLD.outfit_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER outfits_notify AFTER UPDATE OR DELETE ON outfits
  FOR EACH ROW EXECUTE FUNCTION notify_outfit_change();
CREATE TRIGGER outfit_items_notify AFTER UPDATE OR DELETE ON outfit_items
  FOR EACH ROW EXECUTE FUNCTION notify_outfit_change();
