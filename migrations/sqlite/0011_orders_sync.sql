-- The orders sync: when the marketplace's finance was last asked for an order's settlement,
-- so that each sync asks for the orders it has not asked about for longest (an order is
-- settled some days after delivery, and the marketplace answers nothing until then).
ALTER TABLE orders ADD COLUMN fees_checked_at TEXT;
CREATE INDEX orders_shop_unsettled_idx ON orders (shop_id, fees_settled, marketplace_rank, fees_checked_at);
