-- The swipe feed samples a look's items from a seeded starting id: (category, colour, id) lets
-- it read the next few in order instead of hashing and sorting every item of the look.
CREATE INDEX items_look_idx ON items (category_id, color, id);
DROP INDEX IF EXISTS items_category_color_idx;
