-- The desk's search: one lower-cased text per order (its marketplace id, buyer, recipient, and
-- each item's SKU and product name, kept apart by U+001F), written with the order by the sync.
-- A trigram index answers a `LIKE '%term%'` over every order of a client; a search together
-- with a status and dates is a filter on the rows their index picks.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
UPDATE orders o SET search_text = LOWER(concat_ws(chr(31), o.external_order_id, o.buyer_email, o.recipient_name,
    (SELECT string_agg(concat_ws(chr(31), i.seller_sku, i.product_name), chr(31) ORDER BY i.external_item_id)
       FROM order_items i WHERE i.order_id = o.id)));
CREATE INDEX orders_search_idx ON orders USING gin (search_text gin_trgm_ops);
