-- A category's page of favourite pieces reads the shopper's rows of that category alone, newest
-- first. From the shopper's rows by time (0024), a page of a category the shopper seldom hearts
-- stepped over every heart of the others first: a cost that grew with the history.
CREATE INDEX item_favorites_user_category_created_idx
  ON item_favorites (user_id, category_id, created_at DESC);
