-- A provider account that reports its orders by webhook (registered through its API, or a
-- signed webhook received) is left to do so: its orders are read again only as a backstop.
ALTER TABLE fulfillment_providers ADD COLUMN reports_by_webhook_at TEXT;
