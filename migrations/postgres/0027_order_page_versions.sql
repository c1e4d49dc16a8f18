-- The client's order version now also moves when anything a desk page shows changes: any column
-- of an order the page reads, its items, its shop's name and channel, its owner's name. The API
-- then keeps a page's orders with the ids of its filter (see domain::orders::matches), and a
-- page read again while the version stands is answered without reading its rows. Each writing
-- transaction still adds one row of its own to `order_writes` (see 0026).
-- `fees_checked_at` alone (the fee schedule's note of when it last looked) moves nothing.
DROP TRIGGER orders_versioned_update ON orders;

CREATE TRIGGER orders_versioned_update
    AFTER UPDATE OF shop_id, external_order_id, owner_user_id, status, marketplace_status, buyer_email, buyer_message, recipient_name, recipient_phone, recipient_address, recipient_address1, recipient_address2, recipient_city, recipient_state, recipient_region_code, recipient_postal_code, currency, total_amount_cents, refund_amount_cents, revenue_estimate_cents, commission_fee_cents, transaction_fee_cents, shipping_fee_cents, fulfillment_cost_cents, net_amount_cents, shipping_type, tracking_number, shipping_provider, cancel_reason, ordered_at, paid_at, ship_by_at, created_at, updated_at, fees_settled, client_id, search_text ON orders
    FOR EACH ROW EXECUTE FUNCTION order_writes_track();

CREATE TRIGGER order_items_versioned AFTER INSERT OR UPDATE OR DELETE ON order_items
    FOR EACH ROW EXECUTE FUNCTION order_writes_track();

CREATE TRIGGER shops_versioned AFTER UPDATE OF name, sale_channel ON shops
    FOR EACH ROW EXECUTE FUNCTION order_writes_track();

CREATE TRIGGER users_versioned AFTER UPDATE OF first_name, last_name ON users
    FOR EACH ROW EXECUTE FUNCTION order_writes_track();
