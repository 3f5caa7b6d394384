-- Removing one of a shopper's addresses, called by the statement that deletes it. When it was the
-- preferred one, the newest left takes the flag, so a shopper with addresses always has a
-- default (as the first address added is one). Under the shopper's row lock (the users row, FOR
-- NO KEY UPDATE, as 0048 and 0049), so it takes turns with adds and changes of the default, and
-- reads what they left, which a single statement cannot (its snapshot is taken before the lock).
-- False, with nothing changed, when the address is not the shopper's.
CREATE FUNCTION remove_address(shopper integer, gone integer) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  was_preferred boolean;
BEGIN
  PERFORM 1 FROM users WHERE id = shopper FOR NO KEY UPDATE;
  DELETE FROM addresses WHERE id = gone AND user_id = shopper RETURNING preferred INTO was_preferred;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  IF was_preferred THEN
    UPDATE addresses SET preferred = true
     WHERE id = (SELECT id FROM addresses WHERE user_id = shopper
                  ORDER BY created_at DESC, id DESC LIMIT 1);
  END IF;
  RETURN true;
END $$;
