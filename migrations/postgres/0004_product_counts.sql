-- The size of each client's catalogue and a version of its order, kept by triggers: an
-- unfiltered page's total is read from here instead of counting the client's products, and
-- the API keeps the catalogue's order in memory for as long as the version stands.
CREATE TABLE client_product_counts (
    client_id TEXT NOT NULL,
    products  BIGINT NOT NULL,
    version   BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT client_product_counts_pkey PRIMARY KEY (client_id),
    CONSTRAINT client_product_counts_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE
);

INSERT INTO client_product_counts (client_id, products) SELECT client_id, COUNT(*) FROM products GROUP BY client_id;

CREATE FUNCTION client_product_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO client_product_counts (client_id, products, version) VALUES (NEW.client_id, 1, 1)
            ON CONFLICT (client_id) DO UPDATE
            SET products = client_product_counts.products + 1, version = client_product_counts.version + 1;
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE client_product_counts SET products = products - 1, version = version + 1 WHERE client_id = OLD.client_id;
    ELSE
        UPDATE client_product_counts SET version = version + 1 WHERE client_id = NEW.client_id;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER products_counted AFTER INSERT OR DELETE ON products
    FOR EACH ROW EXECUTE FUNCTION client_product_counts_track();
-- A product re-dated changes the order, not the size.
CREATE TRIGGER products_reordered AFTER UPDATE OF created_at ON products
    FOR EACH ROW EXECUTE FUNCTION client_product_counts_track();
