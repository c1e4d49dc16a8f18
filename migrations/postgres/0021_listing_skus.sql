-- A seller SKU names one listing on an Amazon seller account and one item on a Walmart one
-- (PUT and MP_ITEM replace whatever has that SKU). Two products of a client listing the same
-- SKU on one shop would overwrite each other there, so a listing job claims its SKUs on the
-- shop first: the key refuses a second product, whatever job gets there first. Removing the
-- shop product (or the shop, or the product) frees them.
CREATE TABLE listing_skus (
    shop_id         TEXT NOT NULL,
    sku             TEXT NOT NULL,
    client_id       TEXT NOT NULL,
    shop_product_id TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    CONSTRAINT listing_skus_pkey PRIMARY KEY (shop_id, sku),
    CONSTRAINT listing_skus_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT listing_skus_shop_product_fk FOREIGN KEY (shop_product_id) REFERENCES shop_products (id) ON DELETE CASCADE
);
CREATE INDEX listing_skus_shop_product_idx ON listing_skus (shop_product_id);
