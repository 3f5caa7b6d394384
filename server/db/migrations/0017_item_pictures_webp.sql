-- Item pictures are WebP pictures drawn from each piece's SVG drawing
-- (server/features/images/image.routes.ts): a browser decodes a WebP off the page's main thread,
-- where it parses every SVG picture as a document of its own. Items and the order lines that copied
-- their picture name the WebP; the drawing stays at its own address.
UPDATE items
SET image = regexp_replace(image, '\.svg$', '.webp')
WHERE image ~ '^/images/items/[a-z-]+/[a-z-]+\.svg$';

UPDATE order_lines
SET image = regexp_replace(image, '\.svg$', '.webp')
WHERE image ~ '^/images/items/[a-z-]+/[a-z-]+\.svg$';
