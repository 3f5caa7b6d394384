-- A purchase checks the outfits that use the products it touched (0027). They were found
-- through every variant of each product and then each variant's outfit pieces, with their heap
-- pages. An outfit piece carries its item's product, held to it by outfit_items_item_look_fkey
-- (0019), and outfit_items_look_idx (0035) lists the outfits by product, so each product is now
-- one range of that index. The rest of the function is 0027's.
CREATE OR REPLACE FUNCTION closet_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shoppers integer;
BEGIN
  SELECT count(DISTINCT user_id) INTO shoppers FROM changed;
  IF shoppers = 0 THEN
    RETURN NULL;
  ELSIF shoppers = 1 THEN
    PERFORM pg_advisory_xact_lock_shared(27027);
    PERFORM pg_advisory_xact_lock(27027, (SELECT user_id FROM changed LIMIT 1));
  ELSE
    PERFORM pg_advisory_xact_lock(27027);
  END IF;
  WITH candidates AS (
    SELECT DISTINCT t.user_id, oi.outfit_id
      FROM (SELECT DISTINCT user_id, product_id FROM changed) t
      JOIN outfit_items oi ON oi.product_id = t.product_id
  ), complete AS (
    SELECT k.user_id, k.outfit_id, max(owned.bought_at) AS completed_at
      FROM candidates k
      JOIN outfit_items oi ON oi.outfit_id = k.outfit_id
      LEFT JOIN LATERAL (
        SELECT max(c.last_bought_at) AS bought_at FROM closet_items c
         WHERE c.user_id = k.user_id AND c.product_id = oi.product_id) owned ON true
     GROUP BY k.user_id, k.outfit_id
    HAVING count(*) = 5 AND count(owned.bought_at) = 5
  ), gone AS (
    DELETE FROM closet_outfits co USING candidates k
     WHERE co.user_id = k.user_id AND co.outfit_id = k.outfit_id
       AND NOT EXISTS (SELECT 1 FROM complete c
                        WHERE c.user_id = k.user_id AND c.outfit_id = k.outfit_id)
  )
  INSERT INTO closet_outfits (user_id, outfit_id, occasion_id, completed_at)
  SELECT c.user_id, c.outfit_id, o.occasion_id, c.completed_at
    FROM complete c JOIN outfits o ON o.id = c.outfit_id
  ON CONFLICT (user_id, outfit_id) DO UPDATE SET completed_at = excluded.completed_at
   WHERE closet_outfits.completed_at IS DISTINCT FROM excluded.completed_at;
  RETURN NULL;
END $$;
