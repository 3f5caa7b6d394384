-- A shopper's addresses are told apart by their nicknames (the shipping list, the cart's picker),
-- so two may not share one, whatever the case. Addresses that already do are renamed first: each
-- after the oldest of its name takes its id as a mark ("Home #12"), which no other address of the
-- shopper has, cut so that the name stays within 40 characters.
WITH twins AS (
  SELECT id, nickname,
         row_number() OVER (PARTITION BY user_id, lower(nickname) ORDER BY id) AS n
    FROM addresses
)
UPDATE addresses a
   SET nickname = left(t.nickname, 40 - length(' #' || t.id)) || ' #' || t.id
  FROM twins t
 WHERE a.id = t.id AND t.n > 1;

CREATE UNIQUE INDEX addresses_user_nickname_key ON addresses (user_id, lower(nickname));
