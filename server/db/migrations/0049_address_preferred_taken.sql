-- Making one of a shopper's addresses the preferred one, called by the statement that updates
-- it. Under the shopper's row lock (the users row, FOR NO KEY UPDATE, as 0048), so two such
-- changes at once take turns, and the others' flags are read after the lock, which a single
-- statement cannot (its snapshot is taken before the lock); a volatile function's statements
-- each read afresh. The address itself is locked too, so a removal of it waits until the
-- update that follows has committed, and never leaves the flags cleared for an address gone.
-- False, with nothing changed, when the address is not the shopper's; otherwise the others give
-- the flag up.
CREATE FUNCTION take_preferred_address(shopper integer, keep integer) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = shopper FOR NO KEY UPDATE;
  PERFORM 1 FROM addresses WHERE id = keep AND user_id = shopper FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE addresses SET preferred = false WHERE user_id = shopper AND preferred AND id <> keep;
  RETURN true;
END $$;
