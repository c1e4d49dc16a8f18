-- The desk's search: one lower-cased text per order (its marketplace id, buyer, recipient, and
-- each item's SKU and product name, kept apart by U+001F; at most 1,000 bytes), written with the
-- order by the sync. The status and date indexes carry it, so a page's count with a status,
-- dates and a search reads the index alone.
-- SQLite's LOWER folds ASCII only; orders written from now on are folded fully by the sync.
ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
UPDATE orders SET search_text = substr(LOWER(external_order_id
    || COALESCE(char(31) || buyer_email, '')
    || COALESCE(char(31) || recipient_name, '')
    || COALESCE(char(31) || (SELECT group_concat(COALESCE(i.seller_sku || char(31), '') || i.product_name, char(31))
       FROM order_items i WHERE i.order_id = orders.id), '')), 1, 1000);
DROP INDEX orders_client_idx;
CREATE INDEX orders_client_idx ON orders (client_id, ordered_at, search_text);
DROP INDEX orders_client_status_idx;
CREATE INDEX orders_client_status_idx ON orders (client_id, status, ordered_at, search_text);
