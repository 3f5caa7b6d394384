-- Whether a shopper's cart has room for these pieces: the lines it holds of other pieces, and one
-- for each of these, at most `most`. The add's statement counted the lines in its own snapshot,
-- so two adds of new pieces at once each saw room for one more and both went in, past the cap.
-- Called by the statement that inserts, under the shopper's row lock (the users row, FOR NO KEY
-- UPDATE, as the addresses' 0048): the second add counts after the first has committed, which a
-- single statement cannot (its snapshot is taken before the lock).
CREATE FUNCTION cart_has_room(shopper integer, pieces integer[], most integer)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = shopper FOR NO KEY UPDATE;
  RETURN (SELECT count(*) FROM cart_lines WHERE user_id = shopper AND item_id <> ALL (pieces))
         + cardinality(pieces) <= most;
END $$;
