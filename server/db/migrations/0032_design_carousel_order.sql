-- The design carousels' order (server/features/design/design.repository.ts, listCategoryItems):
-- in stock first, each product colour's first size before its other sizes, then by name and id.
-- With it a page reads only its own rows and the next page starts after the last one's key,
-- where the order used to be worked out over every item of the category for each page.
CREATE INDEX items_carousel_idx ON items (category_id, (stock = 0), (NOT colour_lead), name, id);
