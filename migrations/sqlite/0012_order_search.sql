-- The desk's search: one lower-cased text per order (its marketplace id, buyer, recipient, and
-- each item's SKU and product name, kept apart by U+001F), written with the order by the sync.
-- A search is a filter on the rows the status and date indexes pick (docs/decisions.md).
-- SQLite's LOWER folds ASCII only; orders written from now on are folded fully by the sync.
ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
UPDATE orders SET search_text = LOWER(external_order_id
    || COALESCE(char(31) || buyer_email, '')
    || COALESCE(char(31) || recipient_name, '')
    || COALESCE(char(31) || (SELECT group_concat(COALESCE(i.seller_sku || char(31), '') || i.product_name, char(31))
       FROM order_items i WHERE i.order_id = orders.id), ''));
