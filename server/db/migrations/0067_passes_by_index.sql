-- Bringing back a shopper's passed outfits deletes their passes. Through the shopper's key it
-- visited every swipe of theirs, likes too, each on a page of its own: a cost that grew with
-- every like. The passes now have an index of their own, so the reset reads only what it deletes.
CREATE INDEX swipes_user_passes_idx ON swipes (user_id) WHERE direction = 'nope';
