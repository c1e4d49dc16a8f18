-- Fulfilment: provider accounts receive webhooks signed with a secret of their own; a
-- fulfilment order knows whether its provider order exists yet (submission), where the
-- provider says it is (stage), and whether its tracking went back to the marketplace (once);
-- every status change is a row of its timeline; SKU mappings let the next order of a SKU go
-- without asking; reconciliation writes what it finds as drift rows.
ALTER TABLE fulfillment_providers ADD COLUMN webhook_secret_encrypted TEXT;
ALTER TABLE fulfillment_orders ADD COLUMN submission TEXT NOT NULL DEFAULT 'PENDING';
ALTER TABLE fulfillment_orders ADD COLUMN stage TEXT;
ALTER TABLE fulfillment_orders ADD COLUMN shipped_back_at TEXT;
ALTER TABLE fulfillment_orders ADD COLUMN ship_back_error TEXT;
ALTER TABLE fulfillment_orders ADD COLUMN delivered_at TEXT;
CREATE INDEX fulfillment_orders_open_idx ON fulfillment_orders (submission, status, last_tracked_at);
CREATE INDEX fulfillment_orders_reference_idx ON fulfillment_orders (provider_id, created_at);

CREATE TABLE fulfillment_order_events (
    id                   TEXT NOT NULL,
    client_id            TEXT NOT NULL,
    fulfillment_order_id TEXT NOT NULL,
    source               TEXT NOT NULL,           -- PERSON, PROVIDER, WEBHOOK, SYSTEM
    user_id              TEXT,
    from_status          TEXT,
    to_status            TEXT NOT NULL,
    provider_status      TEXT,
    note                 TEXT,
    created_at           TEXT NOT NULL,
    CONSTRAINT fulfillment_order_events_pkey PRIMARY KEY (id),
    CONSTRAINT fulfillment_order_events_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_order_events_order_fk FOREIGN KEY (fulfillment_order_id) REFERENCES fulfillment_orders (id) ON DELETE CASCADE
);
CREATE INDEX fulfillment_order_events_order_idx ON fulfillment_order_events (fulfillment_order_id, created_at);

-- A variant (by its SKU) of a product, or of every product made from a template, or a
-- marketplace SKU sold without a product in Sellerdesk, maps to a provider's variant and print
-- files. A product's own mapping wins over its template's, which wins over the bare SKU's.
CREATE TABLE fulfillment_sku_mappings (
    id                TEXT NOT NULL,
    client_id         TEXT NOT NULL,
    provider_id       TEXT NOT NULL,
    product_id        TEXT,
    template_id       TEXT,
    variant_sku       TEXT NOT NULL,
    fulfillment_sku   TEXT NOT NULL,
    design_front_url  TEXT,
    design_back_url   TEXT,
    design_sleeve_url TEXT,
    design_hood_url   TEXT,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL,
    CONSTRAINT fulfillment_sku_mappings_pkey PRIMARY KEY (id),
    CONSTRAINT fulfillment_sku_mappings_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_sku_mappings_provider_fk FOREIGN KEY (provider_id) REFERENCES fulfillment_providers (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_sku_mappings_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_sku_mappings_template_fk FOREIGN KEY (template_id) REFERENCES product_templates (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_sku_mappings_owner_check CHECK (product_id IS NULL OR template_id IS NULL)
);
CREATE UNIQUE INDEX fulfillment_sku_mappings_product_idx ON fulfillment_sku_mappings (provider_id, product_id, variant_sku);
CREATE UNIQUE INDEX fulfillment_sku_mappings_template_idx ON fulfillment_sku_mappings (provider_id, template_id, variant_sku);
CREATE UNIQUE INDEX fulfillment_sku_mappings_sku_idx ON fulfillment_sku_mappings (provider_id, variant_sku)
    WHERE product_id IS NULL AND template_id IS NULL;

-- What the nightly reconciliation found: an order at the provider we do not know
-- (UNKNOWN_AT_SELLERDESK), one we think exists that the provider lacks (MISSING_AT_PROVIDER),
-- a status that disagrees (STATUS_MISMATCH). One open row per finding; resolved when it is gone.
CREATE TABLE fulfillment_drifts (
    id                   TEXT NOT NULL,
    client_id            TEXT NOT NULL,
    provider_id          TEXT NOT NULL,
    kind                 TEXT NOT NULL,
    provider_order_id    TEXT,
    fulfillment_order_id TEXT,
    detail               TEXT NOT NULL,
    found_at             TEXT NOT NULL,
    resolved_at          TEXT,
    CONSTRAINT fulfillment_drifts_pkey PRIMARY KEY (id),
    CONSTRAINT fulfillment_drifts_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_drifts_provider_fk FOREIGN KEY (provider_id) REFERENCES fulfillment_providers (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_drifts_kind_check CHECK (kind IN ('UNKNOWN_AT_SELLERDESK', 'MISSING_AT_PROVIDER', 'STATUS_MISMATCH'))
);
CREATE UNIQUE INDEX fulfillment_drifts_finding_idx ON fulfillment_drifts (provider_id, kind, COALESCE(provider_order_id, ''), COALESCE(fulfillment_order_id, ''));
CREATE INDEX fulfillment_drifts_client_idx ON fulfillment_drifts (client_id, found_at);
