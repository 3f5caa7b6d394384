-- A closet outfit is complete since the moment its last product came into the closet: for each
-- of its products the first purchase of a variant still owned, the latest of the five. 0027 took
-- the latest purchase of any of them, so buying a piece again moved the outfit to the top of the
-- closet and its "complete since" to that day, and a shopper paging through lost it.

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
    SELECT k.user_id, k.outfit_id, max(owned.since) AS completed_at
      FROM candidates k
      JOIN outfit_items oi ON oi.outfit_id = k.outfit_id
      LEFT JOIN LATERAL (
        SELECT min(c.first_bought_at) AS since FROM closet_items c
         WHERE c.user_id = k.user_id AND c.product_id = oi.product_id) owned ON true
     GROUP BY k.user_id, k.outfit_id
    HAVING count(*) = 5 AND count(owned.since) = 5
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

CREATE OR REPLACE FUNCTION outfit_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  SELECT array_agg(DISTINCT outfit_id) INTO touched FROM changed;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(27027);
  DELETE FROM closet_outfits WHERE outfit_id = ANY(touched);
  INSERT INTO closet_outfits (user_id, outfit_id, occasion_id, completed_at)
  SELECT p.user_id, p.outfit_id, p.occasion_id, max(p.since)
    FROM (SELECT c.user_id, oi.outfit_id, o.occasion_id, oi.slot, min(c.first_bought_at) AS since
            FROM outfit_items oi
            JOIN outfits o ON o.id = oi.outfit_id
            JOIN closet_items c ON c.product_id = oi.product_id
           WHERE oi.outfit_id = ANY(touched)
           GROUP BY c.user_id, oi.outfit_id, o.occasion_id, oi.slot) p
   GROUP BY p.user_id, p.outfit_id, p.occasion_id
  HAVING count(*) = 5
     AND (SELECT count(*) FROM outfit_items s WHERE s.outfit_id = p.outfit_id) = 5;
  RETURN NULL;
END $$;

-- The redesign's check above reads each owner's first purchase from this index alone.
DROP INDEX closet_items_product_idx;
CREATE INDEX closet_items_product_idx ON closet_items (product_id, user_id) INCLUDE (first_bought_at);

-- The closets as they stand.
UPDATE closet_outfits co SET completed_at = s.since
  FROM (SELECT co.user_id, co.outfit_id, max(owned.since) AS since
          FROM closet_outfits co
          JOIN outfit_items oi ON oi.outfit_id = co.outfit_id
          JOIN LATERAL (SELECT min(c.first_bought_at) AS since FROM closet_items c
                         WHERE c.user_id = co.user_id AND c.product_id = oi.product_id) owned
            ON true
         GROUP BY co.user_id, co.outfit_id) s
 WHERE co.user_id = s.user_id AND co.outfit_id = s.outfit_id
   AND s.since IS NOT NULL AND co.completed_at IS DISTINCT FROM s.since;
