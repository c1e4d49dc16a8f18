-- The size of each client's catalogue and a version of its order, kept by triggers: an
-- unfiltered page's total is read from here instead of counting the client's products, and
-- the API keeps the catalogue's order in memory for as long as the version stands.
CREATE TABLE client_product_counts (
    client_id TEXT NOT NULL,
    products  INTEGER NOT NULL,
    version   INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT client_product_counts_pkey PRIMARY KEY (client_id),
    CONSTRAINT client_product_counts_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE
);

INSERT INTO client_product_counts (client_id, products) SELECT client_id, COUNT(*) FROM products GROUP BY client_id;

CREATE TRIGGER products_counted_insert AFTER INSERT ON products
BEGIN
    INSERT INTO client_product_counts (client_id, products, version) VALUES (NEW.client_id, 1, 1)
        ON CONFLICT (client_id) DO UPDATE SET products = products + 1, version = version + 1;
END;

CREATE TRIGGER products_counted_delete AFTER DELETE ON products
BEGIN
    UPDATE client_product_counts SET products = products - 1, version = version + 1 WHERE client_id = OLD.client_id;
END;

-- A product re-dated changes the order, not the size.
CREATE TRIGGER products_reordered AFTER UPDATE OF created_at ON products
BEGIN
    UPDATE client_product_counts SET version = version + 1 WHERE client_id = NEW.client_id;
END;
