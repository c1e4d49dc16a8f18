-- A version of each client's orders, moved by triggers whenever an order is added, removed, or
-- changes what the desk filters or sorts on: the API keeps the ids a desk filter matched for as
-- long as the version stands. SQLite has one writer at a time, so the version is one row per
-- client; `order_writes` is PostgreSQL's way (see there) and stays empty here, so that both read
-- the version with one statement.
CREATE TABLE client_order_versions (
    client_id TEXT NOT NULL,
    version   INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT client_order_versions_pkey PRIMARY KEY (client_id),
    CONSTRAINT client_order_versions_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE
);

CREATE TABLE order_writes (
    client_id TEXT NOT NULL,
    xid       INTEGER NOT NULL,
    CONSTRAINT order_writes_pkey PRIMARY KEY (client_id, xid)
);

INSERT INTO client_order_versions (client_id, version) SELECT DISTINCT client_id, 1 FROM orders;

CREATE TRIGGER orders_versioned_insert AFTER INSERT ON orders
BEGIN
    INSERT INTO client_order_versions (client_id, version) VALUES (NEW.client_id, 1)
        ON CONFLICT (client_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER orders_versioned_delete AFTER DELETE ON orders
BEGIN
    UPDATE client_order_versions SET version = version + 1 WHERE client_id = OLD.client_id;
END;

CREATE TRIGGER orders_versioned_update
    AFTER UPDATE OF client_id, shop_id, status, ordered_at, ship_by_at, total_amount_cents, search_text, created_at ON orders
BEGIN
    INSERT INTO client_order_versions (client_id, version) VALUES (NEW.client_id, 1)
        ON CONFLICT (client_id) DO UPDATE SET version = version + 1;
END;
