-- A version of each client's orders, moved by triggers whenever an order is added, removed, or
-- changes what the desk filters or sorts on: the API keeps the ids a desk filter matched for as
-- long as the version stands.
--
-- One row per client bumped by every transaction that writes orders would make those
-- transactions wait for each other on that row from their first order to their commit, and a
-- page of the sync (many orders) beside a fulfilment job (one of them) could deadlock. Instead
-- each writing transaction adds one row of its own to `order_writes` (no two transactions touch
-- the same row), and the version is `client_order_versions.version` plus the client's rows in
-- `order_writes`: every commit that wrote orders adds one, whatever the order of commits. The API
-- folds the rows into the version once they are many, in one transaction, which keeps the sum.
CREATE TABLE client_order_versions (
    client_id TEXT NOT NULL,
    version   BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT client_order_versions_pkey PRIMARY KEY (client_id),
    CONSTRAINT client_order_versions_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE
);

CREATE TABLE order_writes (
    client_id TEXT NOT NULL,
    xid       BIGINT NOT NULL,
    CONSTRAINT order_writes_pkey PRIMARY KEY (client_id, xid)
);

INSERT INTO client_order_versions (client_id, version) SELECT DISTINCT client_id, 1 FROM orders;

CREATE FUNCTION order_writes_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        INSERT INTO order_writes (client_id, xid) VALUES (OLD.client_id, txid_current()) ON CONFLICT DO NOTHING;
    ELSE
        INSERT INTO order_writes (client_id, xid) VALUES (NEW.client_id, txid_current()) ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER orders_versioned AFTER INSERT OR DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION order_writes_track();
CREATE TRIGGER orders_versioned_update
    AFTER UPDATE OF client_id, shop_id, status, ordered_at, ship_by_at, total_amount_cents, search_text, created_at ON orders
    FOR EACH ROW EXECUTE FUNCTION order_writes_track();
