-- When the shopper last chose a cart line's variant: its add, an add of it again, a change of
-- its size or colour, or a fold into it. Purchase Outfit offers the size chosen last in a
-- category, and a line's added_at cannot say it: a size change keeps the line's place in the
-- cart, so it keeps added_at too.
ALTER TABLE cart_lines ADD COLUMN chosen_at timestamptz NOT NULL DEFAULT now();

-- Until now a line's variant was last chosen, as far as anything knew, when it was added.
UPDATE cart_lines SET chosen_at = added_at;
