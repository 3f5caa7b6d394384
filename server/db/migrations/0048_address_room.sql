-- Making room for a shopper's new address, called by the statement that inserts it. Under the
-- shopper's row lock (the users row, FOR NO KEY UPDATE), so two adds at once take turns: the count and
-- the preferred flag are read after the lock, which a single statement cannot (its snapshot is
-- taken before the lock); a volatile function's statements each read afresh. Null when the
-- shopper keeps `most` addresses already; otherwise whether the new one is preferred (the first
-- is, a later one when asked), with the flag taken from the others when it is.
CREATE FUNCTION make_room_for_address(shopper integer, most integer, asked boolean)
RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  kept integer;
BEGIN
  PERFORM 1 FROM users WHERE id = shopper FOR NO KEY UPDATE;
  SELECT count(*) INTO kept FROM addresses WHERE user_id = shopper;
  IF kept >= most THEN
    RETURN NULL;
  END IF;
  IF kept = 0 OR asked THEN
    UPDATE addresses SET preferred = false WHERE user_id = shopper AND preferred;
    RETURN true;
  END IF;
  RETURN false;
END $$;
