-- When the tracking schedule next asks a provider about a fulfilment order (NULL: never again).
-- A webhook that reports the order pushes it far out (the provider tells us; polling is the
-- safety net) unless the order's cost is still unknown; a read pushes it one polling interval
-- on; a round claims the orders it reads by moving it, so two rounds never read one order.
ALTER TABLE fulfillment_orders ADD COLUMN next_track_at TEXT;
UPDATE fulfillment_orders SET next_track_at = COALESCE(last_tracked_at, submitted_at, created_at)
    WHERE submission = 'SUBMITTED' AND status IN ('CREATED', 'IN_TRANSIT');
CREATE INDEX fulfillment_orders_track_due_idx ON fulfillment_orders (next_track_at)
    WHERE next_track_at IS NOT NULL;
