-- A search of favourite pieces checks the words of each piece its walk reaches, one item at a
-- time by id. The items' rows are wide and a heavy shopper's walk reaches hundreds of them; with
-- the words beside the id in an index, each check reads that index alone. A sale changes only
-- stock, which no index holds, so its write stays on the row's page (0068).
CREATE INDEX items_words_by_id_idx ON items (id) INCLUDE (search_text);
