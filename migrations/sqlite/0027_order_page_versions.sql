-- The client's order version now also moves when anything a desk page shows changes: any column
-- of an order the page reads, its items, its shop's name and channel, its owner's name. The API
-- then keeps a page's orders with the ids of its filter (see domain::orders::matches), and a
-- page read again while the version stands is answered without reading its rows.
-- `fees_checked_at` alone (the fee schedule's note of when it last looked) moves nothing.
DROP TRIGGER orders_versioned_update;

CREATE TRIGGER orders_versioned_update
    AFTER UPDATE OF shop_id, external_order_id, owner_user_id, status, marketplace_status, buyer_email, buyer_message, recipient_name, recipient_phone, recipient_address, recipient_address1, recipient_address2, recipient_city, recipient_state, recipient_region_code, recipient_postal_code, currency, total_amount_cents, refund_amount_cents, revenue_estimate_cents, commission_fee_cents, transaction_fee_cents, shipping_fee_cents, fulfillment_cost_cents, net_amount_cents, shipping_type, tracking_number, shipping_provider, cancel_reason, ordered_at, paid_at, ship_by_at, created_at, updated_at, fees_settled, client_id, search_text ON orders
BEGIN
    INSERT INTO client_order_versions (client_id, version) VALUES (NEW.client_id, 1)
        ON CONFLICT (client_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER order_items_versioned_insert AFTER INSERT ON order_items
BEGIN
    INSERT INTO client_order_versions (client_id, version) VALUES (NEW.client_id, 1)
        ON CONFLICT (client_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER order_items_versioned_update AFTER UPDATE ON order_items
BEGIN
    INSERT INTO client_order_versions (client_id, version) VALUES (NEW.client_id, 1)
        ON CONFLICT (client_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER order_items_versioned_delete AFTER DELETE ON order_items
BEGIN
    UPDATE client_order_versions SET version = version + 1 WHERE client_id = OLD.client_id;
END;

CREATE TRIGGER shops_versioned_update AFTER UPDATE OF name, sale_channel ON shops
BEGIN
    UPDATE client_order_versions SET version = version + 1 WHERE client_id = NEW.client_id;
END;

CREATE TRIGGER users_versioned_update AFTER UPDATE OF first_name, last_name ON users
BEGIN
    UPDATE client_order_versions SET version = version + 1 WHERE client_id = NEW.client_id;
END;
