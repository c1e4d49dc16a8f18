-- The desk's search: one lower-cased text per order (its marketplace id, buyer, recipient, and
-- each item's SKU and product name, kept apart by U+001F; at most 1,000 bytes), written with the
-- order by the sync. The status and date indexes carry it, so a page's count with a status,
-- dates and a search is an index-only scan; a trigram index answers a search over every order
-- of a client.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
UPDATE orders o SET search_text = left(LOWER(concat_ws(chr(31), o.external_order_id, o.buyer_email, o.recipient_name,
    (SELECT string_agg(concat_ws(chr(31), i.seller_sku, i.product_name), chr(31) ORDER BY i.external_item_id)
       FROM order_items i WHERE i.order_id = o.id))), 1000);
-- 250 characters are at most 1,000 bytes.
UPDATE orders SET search_text = left(search_text, 250) WHERE octet_length(search_text) > 1000;
DROP INDEX orders_client_idx;
CREATE INDEX orders_client_idx ON orders (client_id, ordered_at) INCLUDE (search_text);
DROP INDEX orders_client_status_idx;
CREATE INDEX orders_client_status_idx ON orders (client_id, status, ordered_at) INCLUDE (search_text);
CREATE INDEX orders_search_idx ON orders USING gin (search_text gin_trgm_ops);
