-- The commerce data model: shops, catalogue, listings, orders, fulfilment, promotions, Telegram.
-- Conventions as in 0001 (shared with migrations/postgres): ids are TEXT (UUID v7), times are
-- TEXT in RFC 3339 UTC with milliseconds, money is BIGINT cents, booleans are INTEGER 0/1 here and
-- BOOLEAN in PostgreSQL, fractional numbers are REAL here and DOUBLE PRECISION in PostgreSQL.
-- Every constraint is named: PostgreSQL reports the name on a violation and the API maps unique
-- names to CONFLICT (SQLite reports the columns instead, so each unique has distinct columns).
-- Values the marketplaces and providers own (their statuses, types) are TEXT without CHECK, so a
-- new upstream value is stored rather than failing a sync; our own enums are CHECKed.

-- A seller's store on a sale channel. Tokens are stored only as ciphertext text whose encoding
-- carries its nonce and key id (so the key can rotate); they never leave the server.
CREATE TABLE shops (
    id                       TEXT NOT NULL,
    client_id                TEXT NOT NULL,
    name                     TEXT NOT NULL,
    sale_channel             TEXT NOT NULL,
    target_market            TEXT NOT NULL,
    commission_rate          REAL NOT NULL DEFAULT 0,
    status                   TEXT NOT NULL DEFAULT 'LIVE',
    connection               TEXT NOT NULL DEFAULT 'CONNECTED',
    external_shop_id         TEXT NOT NULL,        -- TikTok shop id, Amazon selling partner id, Walmart seller id
    shop_code                TEXT,                 -- TikTok's shop code
    shop_cipher              TEXT,                 -- TikTok: picks the shop under a seller-wide token; an id, not a secret
    open_id                  TEXT,                 -- TikTok seller identity: one token may cover several shops
    seller_name              TEXT,
    seller_region            TEXT,
    shop_region              TEXT,
    seller_type              TEXT,                 -- TikTok LOCAL | CROSS_BORDER
    granted_scopes           TEXT NOT NULL DEFAULT '[]', -- JSON array
    access_token_encrypted   TEXT,
    access_token_expires_at  TEXT,                 -- as the marketplace said: lifetimes differ and change
    refresh_token_encrypted  TEXT,
    refresh_token_expires_at TEXT,
    authorized_at            TEXT,
    last_synced_at           TEXT,
    sync_cursor              TEXT,                 -- JSON: per resource, the update time incremental syncs resume from
    daily_create_date        TEXT,                 -- marketplace day (YYYY-MM-DD) the counter below belongs to
    daily_create_count       INTEGER NOT NULL DEFAULT 0, -- products created that day, against TikTok's daily cap
    created_by_user_id       TEXT,
    created_at               TEXT NOT NULL,
    updated_at               TEXT NOT NULL,
    CONSTRAINT shops_pkey PRIMARY KEY (id),
    CONSTRAINT shops_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT shops_created_by_fk FOREIGN KEY (created_by_user_id) REFERENCES users (id) ON DELETE SET NULL,
    -- Per client, so re-authorising updates the shop in place and one tenant never learns
    -- that another has connected the same store.
    CONSTRAINT shops_external_unique UNIQUE (client_id, sale_channel, external_shop_id),
    CONSTRAINT shops_sale_channel_check CHECK (sale_channel IN ('AMAZON', 'TIKTOK', 'WALMART')),
    CONSTRAINT shops_target_market_check CHECK (target_market IN ('US')),
    CONSTRAINT shops_commission_rate_check CHECK (commission_rate >= 0),
    CONSTRAINT shops_status_check CHECK (status IN ('DRAFT', 'LISTED', 'LIVE', 'PENDING', 'SUSPENDED')),
    CONSTRAINT shops_connection_check CHECK (connection IN ('CONNECTED', 'OPEN')),
    CONSTRAINT shops_daily_create_count_check CHECK (daily_create_count >= 0)
);
CREATE INDEX shops_client_idx ON shops (client_id, created_at);
CREATE INDEX shops_sync_idx ON shops (connection, last_synced_at);
CREATE INDEX shops_token_expiry_idx ON shops (access_token_expires_at);

-- The CSRF `state` of one consent flow (generateAuthorizeLink → authorizeShop): single use,
-- short-lived, and only its hash is kept, like every other token.
CREATE TABLE shop_authorization_states (
    id            TEXT NOT NULL,
    client_id     TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    state_hash    TEXT NOT NULL,
    sale_channel  TEXT NOT NULL,
    target_market TEXT NOT NULL,
    expires_at    TEXT NOT NULL,
    used_at       TEXT,
    shop_id       TEXT,                            -- the shop it connected: a replayed callback answers with it
    created_at    TEXT NOT NULL,
    CONSTRAINT shop_authorization_states_pkey PRIMARY KEY (id),
    CONSTRAINT shop_authorization_states_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT shop_authorization_states_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
    CONSTRAINT shop_authorization_states_shop_fk FOREIGN KEY (shop_id) REFERENCES shops (id) ON DELETE SET NULL,
    CONSTRAINT shop_authorization_states_state_unique UNIQUE (state_hash),
    CONSTRAINT shop_authorization_states_sale_channel_check CHECK (sale_channel IN ('AMAZON', 'TIKTOK', 'WALMART')),
    CONSTRAINT shop_authorization_states_target_market_check CHECK (target_market IN ('US'))
);
CREATE INDEX shop_authorization_states_client_idx ON shop_authorization_states (client_id, created_at);
CREATE INDEX shop_authorization_states_expiry_idx ON shop_authorization_states (expires_at);

-- The shops a STAFF user may work on.
CREATE TABLE user_shops (
    client_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    shop_id    TEXT NOT NULL,
    created_at TEXT NOT NULL,
    CONSTRAINT user_shops_pkey PRIMARY KEY (user_id, shop_id),
    CONSTRAINT user_shops_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT user_shops_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
    CONSTRAINT user_shops_shop_fk FOREIGN KEY (shop_id) REFERENCES shops (id) ON DELETE CASCADE
);
CREATE INDEX user_shops_client_idx ON user_shops (client_id, shop_id);
CREATE INDEX user_shops_shop_idx ON user_shops (shop_id);

CREATE TABLE warehouses (
    id              TEXT NOT NULL,
    client_id       TEXT NOT NULL,
    shop_id         TEXT NOT NULL,
    external_id     TEXT NOT NULL,
    name            TEXT NOT NULL,
    is_default      INTEGER NOT NULL DEFAULT 0,
    warehouse_type  TEXT,                          -- TikTok SALES_WAREHOUSE | RETURN_WAREHOUSE: inventory needs a sales one
    effect_status   TEXT,                          -- TikTok ENABLED | DISABLED | RESTRICTED
    additional_data TEXT,                          -- JSON: address, sub type, whatever else the marketplace sends
    synced_at       TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    CONSTRAINT warehouses_pkey PRIMARY KEY (id),
    CONSTRAINT warehouses_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT warehouses_shop_fk FOREIGN KEY (shop_id) REFERENCES shops (id) ON DELETE CASCADE,
    CONSTRAINT warehouses_external_unique UNIQUE (shop_id, external_id)
);
CREATE INDEX warehouses_client_idx ON warehouses (client_id, shop_id);

-- The marketplace category tree, shared by every client and refreshed by category.sync. Parents
-- are external ids without a foreign key: the marketplace sends a flat list in no set order and
-- uses "0" for the top level. Rows the last sync did not see are the ones with an older synced_at.
CREATE TABLE marketplace_categories (
    id                  TEXT NOT NULL,
    sale_channel        TEXT NOT NULL,
    target_market       TEXT NOT NULL,
    category_version    TEXT NOT NULL,             -- TikTok v1 | v2: the two trees use different ids
    external_id         TEXT NOT NULL,
    parent_external_id  TEXT,
    name                TEXT NOT NULL,
    permission_statuses TEXT NOT NULL DEFAULT '[]', -- JSON array: AVAILABLE, INVITE_ONLY, NON_MAIN_CATEGORY
    is_leaf             INTEGER NOT NULL DEFAULT 0,
    synced_at           TEXT NOT NULL,
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    CONSTRAINT marketplace_categories_pkey PRIMARY KEY (id),
    CONSTRAINT marketplace_categories_external_unique UNIQUE (sale_channel, target_market, category_version, external_id),
    CONSTRAINT marketplace_categories_sale_channel_check CHECK (sale_channel IN ('AMAZON', 'TIKTOK', 'WALMART')),
    CONSTRAINT marketplace_categories_target_market_check CHECK (target_market IN ('US'))
);
CREATE INDEX marketplace_categories_parent_idx ON marketplace_categories (sale_channel, target_market, category_version, parent_external_id);
CREATE INDEX marketplace_categories_synced_idx ON marketplace_categories (synced_at);

-- A category's attributes as the marketplace last sent them, so listing jobs can map attribute
-- names to ids without a remote call per product.
CREATE TABLE marketplace_category_attributes (
    id                   TEXT NOT NULL,
    sale_channel         TEXT NOT NULL,
    target_market        TEXT NOT NULL,
    category_version     TEXT NOT NULL,
    category_external_id TEXT NOT NULL,
    attributes           TEXT NOT NULL,            -- JSON array of the marketplace's attribute objects
    synced_at            TEXT NOT NULL,
    created_at           TEXT NOT NULL,
    CONSTRAINT marketplace_category_attributes_pkey PRIMARY KEY (id),
    CONSTRAINT marketplace_category_attributes_category_unique UNIQUE (sale_channel, target_market, category_version, category_external_id),
    CONSTRAINT marketplace_category_attributes_sale_channel_check CHECK (sale_channel IN ('AMAZON', 'TIKTOK', 'WALMART')),
    CONSTRAINT marketplace_category_attributes_target_market_check CHECK (target_market IN ('US'))
);

-- Marketplace brands seen through a shop: authorisation is per seller, so the cache is per shop.
CREATE TABLE marketplace_brands (
    id                TEXT NOT NULL,
    client_id         TEXT NOT NULL,
    shop_id           TEXT NOT NULL,
    external_id       TEXT NOT NULL,
    name              TEXT NOT NULL,
    authorized_status TEXT,
    brand_status      TEXT,
    is_t1_brand       INTEGER NOT NULL DEFAULT 0,
    synced_at         TEXT NOT NULL,
    created_at        TEXT NOT NULL,
    CONSTRAINT marketplace_brands_pkey PRIMARY KEY (id),
    CONSTRAINT marketplace_brands_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT marketplace_brands_shop_fk FOREIGN KEY (shop_id) REFERENCES shops (id) ON DELETE CASCADE,
    CONSTRAINT marketplace_brands_external_unique UNIQUE (shop_id, external_id)
);
CREATE INDEX marketplace_brands_client_idx ON marketplace_brands (client_id, shop_id, name);

-- Images already uploaded to a marketplace: a retried or repeated listing reuses the uri instead
-- of uploading the same file again.
CREATE TABLE marketplace_image_uploads (
    id           TEXT NOT NULL,
    client_id    TEXT NOT NULL,
    shop_id      TEXT NOT NULL,
    source_url   TEXT NOT NULL,
    use_case     TEXT NOT NULL,                    -- TikTok MAIN_IMAGE, ATTRIBUTE_IMAGE, SIZE_CHART_IMAGE, …
    uri          TEXT NOT NULL,
    url          TEXT,
    width        INTEGER,
    height       INTEGER,
    created_at   TEXT NOT NULL,
    CONSTRAINT marketplace_image_uploads_pkey PRIMARY KEY (id),
    CONSTRAINT marketplace_image_uploads_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT marketplace_image_uploads_shop_fk FOREIGN KEY (shop_id) REFERENCES shops (id) ON DELETE CASCADE,
    CONSTRAINT marketplace_image_uploads_source_unique UNIQUE (shop_id, source_url, use_case)
);
CREATE INDEX marketplace_image_uploads_client_idx ON marketplace_image_uploads (client_id, shop_id);

CREATE TABLE brands (
    id         TEXT NOT NULL,
    client_id  TEXT NOT NULL,
    name       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    CONSTRAINT brands_pkey PRIMARY KEY (id),
    CONSTRAINT brands_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT brands_name_unique UNIQUE (client_id, name)
);

-- Variant axes (Color, Size, …) of a client's catalogue; variants refer to them by name in the
-- API, so a name exists once per client.
CREATE TABLE attributes (
    id         TEXT NOT NULL,
    client_id  TEXT NOT NULL,
    name       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    CONSTRAINT attributes_pkey PRIMARY KEY (id),
    CONSTRAINT attributes_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT attributes_name_unique UNIQUE (client_id, name)
);

CREATE TABLE product_templates (
    id                       TEXT NOT NULL,
    client_id                TEXT NOT NULL,
    name                     TEXT NOT NULL,
    title                    TEXT NOT NULL,
    description              TEXT,
    package_weight_value     REAL,
    package_weight_unit      TEXT,
    package_length           REAL,
    package_width            REAL,
    package_height           REAL,
    package_dimension_unit   TEXT,
    tiktok_category_id       TEXT,
    tiktok_brand_id          TEXT,
    images                   TEXT NOT NULL DEFAULT '[]', -- JSON array of URLs
    size_chart               TEXT,                 -- image URL
    variants                 TEXT NOT NULL DEFAULT '[]', -- JSON, shape in the contract
    tiktok_product_attribute TEXT,                 -- JSON, shape in the contract
    price_formula            TEXT,
    type                     TEXT NOT NULL,
    status                   TEXT NOT NULL DEFAULT 'ACTIVE',
    created_by_user_id       TEXT,
    created_at               TEXT NOT NULL,
    updated_at               TEXT NOT NULL,
    CONSTRAINT product_templates_pkey PRIMARY KEY (id),
    CONSTRAINT product_templates_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT product_templates_created_by_fk FOREIGN KEY (created_by_user_id) REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT product_templates_type_check CHECK (type IN ('DROPSHIP', 'POD')),
    CONSTRAINT product_templates_status_check CHECK (status IN ('ACTIVE', 'DRAFT')),
    -- A value and its unit come together. COALESCE because a CHECK passes when it yields NULL.
    CONSTRAINT product_templates_weight_check CHECK (
        (package_weight_value IS NULL AND package_weight_unit IS NULL)
        OR (COALESCE(package_weight_value, 0) > 0 AND COALESCE(package_weight_unit, '') IN ('KILOGRAM', 'POUND'))),
    CONSTRAINT product_templates_dimensions_check CHECK (
        (package_length IS NULL AND package_width IS NULL AND package_height IS NULL AND package_dimension_unit IS NULL)
        OR (COALESCE(package_length, 0) > 0 AND COALESCE(package_width, 0) > 0 AND COALESCE(package_height, 0) > 0
            AND COALESCE(package_dimension_unit, '') IN ('CENTIMETER', 'INCH')))
);
CREATE INDEX product_templates_client_idx ON product_templates (client_id, created_at);
CREATE INDEX product_templates_client_status_idx ON product_templates (client_id, status, type, created_at);

CREATE TABLE products (
    id                     TEXT NOT NULL,
    client_id              TEXT NOT NULL,
    name                   TEXT NOT NULL,
    description            TEXT,
    brand_id               TEXT,
    tiktok_brand_id        TEXT,
    tiktok_category_id     TEXT,
    category_name          TEXT,
    status                 TEXT NOT NULL DEFAULT 'UNPUBLISHED',
    source                 TEXT NOT NULL,
    type                   TEXT NOT NULL,
    origin_url             TEXT,
    size_chart             TEXT,                   -- image URL
    package_weight_value   REAL,
    package_weight_unit    TEXT,
    package_length         REAL,
    package_width          REAL,
    package_height         REAL,
    package_dimension_unit TEXT,
    template_id            TEXT,                   -- the template last applied
    created_by_user_id     TEXT,                   -- whose work it is: orders of it name this user as owner
    created_at             TEXT NOT NULL,
    updated_at             TEXT NOT NULL,
    CONSTRAINT products_pkey PRIMARY KEY (id),
    CONSTRAINT products_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT products_brand_fk FOREIGN KEY (brand_id) REFERENCES brands (id) ON DELETE SET NULL,
    CONSTRAINT products_template_fk FOREIGN KEY (template_id) REFERENCES product_templates (id) ON DELETE SET NULL,
    CONSTRAINT products_created_by_fk FOREIGN KEY (created_by_user_id) REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT products_status_check CHECK (status IN ('PUBLISHED', 'SOLD', 'UNPUBLISHED')),
    CONSTRAINT products_source_check CHECK (source IN ('DROPSHIP', 'POD')),
    CONSTRAINT products_type_check CHECK (type IN ('DROPSHIP', 'POD')),
    CONSTRAINT products_weight_check CHECK (
        (package_weight_value IS NULL AND package_weight_unit IS NULL)
        OR (COALESCE(package_weight_value, 0) > 0 AND COALESCE(package_weight_unit, '') IN ('KILOGRAM', 'POUND'))),
    CONSTRAINT products_dimensions_check CHECK (
        (package_length IS NULL AND package_width IS NULL AND package_height IS NULL AND package_dimension_unit IS NULL)
        OR (COALESCE(package_length, 0) > 0 AND COALESCE(package_width, 0) > 0 AND COALESCE(package_height, 0) > 0
            AND COALESCE(package_dimension_unit, '') IN ('CENTIMETER', 'INCH')))
);
CREATE INDEX products_client_idx ON products (client_id, created_at);
CREATE INDEX products_client_status_idx ON products (client_id, status, type, created_at);
CREATE INDEX products_template_idx ON products (template_id, created_at);
CREATE INDEX products_brand_idx ON products (brand_id);
CREATE INDEX products_created_by_idx ON products (created_by_user_id);

CREATE TABLE product_images (
    id         TEXT NOT NULL,
    client_id  TEXT NOT NULL,
    product_id TEXT NOT NULL,
    image_url  TEXT NOT NULL,
    is_primary INTEGER NOT NULL DEFAULT 0,
    sequence   INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    CONSTRAINT product_images_pkey PRIMARY KEY (id),
    CONSTRAINT product_images_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT product_images_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE
);
CREATE INDEX product_images_client_idx ON product_images (client_id, product_id);
CREATE INDEX product_images_product_idx ON product_images (product_id, sequence);

CREATE TABLE product_variants (
    id               TEXT NOT NULL,
    client_id        TEXT NOT NULL,
    product_id       TEXT NOT NULL,
    sku              TEXT,                         -- NULL until given one (sku.generate)
    quantity         INTEGER NOT NULL DEFAULT 0,
    sale_price_cents BIGINT NOT NULL DEFAULT 0,
    list_price_cents BIGINT NOT NULL DEFAULT 0,
    image_url        TEXT,
    sequence         INTEGER NOT NULL DEFAULT 0,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    CONSTRAINT product_variants_pkey PRIMARY KEY (id),
    CONSTRAINT product_variants_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT product_variants_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE,
    -- Per product, not per client: one template's SKUs (BLK-M, …) land on many products.
    CONSTRAINT product_variants_sku_unique UNIQUE (product_id, sku),
    CONSTRAINT product_variants_quantity_check CHECK (quantity >= 0),
    CONSTRAINT product_variants_price_check CHECK (sale_price_cents >= 0 AND list_price_cents >= 0)
);
CREATE INDEX product_variants_client_idx ON product_variants (client_id, product_id);
CREATE INDEX product_variants_product_idx ON product_variants (product_id, sequence);
CREATE INDEX product_variants_sku_idx ON product_variants (client_id, sku);

CREATE TABLE variant_attribute_values (
    id           TEXT NOT NULL,
    client_id    TEXT NOT NULL,
    variant_id   TEXT NOT NULL,
    attribute_id TEXT NOT NULL,
    value        TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    CONSTRAINT variant_attribute_values_pkey PRIMARY KEY (id),
    CONSTRAINT variant_attribute_values_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT variant_attribute_values_variant_fk FOREIGN KEY (variant_id) REFERENCES product_variants (id) ON DELETE CASCADE,
    CONSTRAINT variant_attribute_values_attribute_fk FOREIGN KEY (attribute_id) REFERENCES attributes (id) ON DELETE CASCADE,
    CONSTRAINT variant_attribute_values_unique UNIQUE (variant_id, attribute_id)
);
CREATE INDEX variant_attribute_values_client_idx ON variant_attribute_values (client_id, variant_id);
CREATE INDEX variant_attribute_values_attribute_idx ON variant_attribute_values (attribute_id);

-- Marketplace (TikTok) product properties of a product: ids are the marketplace's, so no
-- foreign key; names are kept for display and for re-mapping if the category changes.
CREATE TABLE product_attributes (
    id               TEXT NOT NULL,
    client_id        TEXT NOT NULL,
    product_id       TEXT NOT NULL,
    attribute_id     TEXT NOT NULL,
    attribute_name   TEXT,
    attribute_values TEXT NOT NULL DEFAULT '[]',   -- JSON array of value names
    value_ids        TEXT NOT NULL DEFAULT '[]',   -- JSON array of marketplace value ids, when known
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    CONSTRAINT product_attributes_pkey PRIMARY KEY (id),
    CONSTRAINT product_attributes_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT product_attributes_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE,
    CONSTRAINT product_attributes_unique UNIQUE (product_id, attribute_id)
);
CREATE INDEX product_attributes_client_idx ON product_attributes (client_id, product_id);

-- Print files of a design, found again when an order of it goes to a provider; the product may
-- be gone (or never have been local), hence the marketplace-side ids.
CREATE TABLE product_designs (
    id                  TEXT NOT NULL,
    client_id           TEXT NOT NULL,
    product_id          TEXT,
    external_product_id TEXT,
    seller_product_id   TEXT,
    variant             TEXT,
    images              TEXT NOT NULL DEFAULT '[]', -- JSON array of mockup URLs
    design_front_url    TEXT,
    design_back_url     TEXT,
    design_sleeve_url   TEXT,
    design_hood_url     TEXT,
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    CONSTRAINT product_designs_pkey PRIMARY KEY (id),
    CONSTRAINT product_designs_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT product_designs_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE SET NULL
);
CREATE INDEX product_designs_client_idx ON product_designs (client_id, created_at);
CREATE INDEX product_designs_product_idx ON product_designs (product_id);
CREATE INDEX product_designs_external_idx ON product_designs (client_id, external_product_id);
CREATE INDEX product_designs_seller_idx ON product_designs (client_id, seller_product_id);

-- A product on a shop. listing_version grows with every publish request and keys the job's
-- idempotency (listing:{shop}:{product}:{version}); published_version is the last one that
-- reached the marketplace, so a redelivered job sees its own effect.
CREATE TABLE shop_products (
    id                   TEXT NOT NULL,
    client_id            TEXT NOT NULL,
    shop_id              TEXT NOT NULL,
    product_id           TEXT NOT NULL,
    external_product_id  TEXT,                     -- NULL until the marketplace has created it
    live_status          TEXT NOT NULL DEFAULT 'PENDING',
    marketplace_status   TEXT,                     -- TikTok ACTIVATE, DRAFT, FAILED, …: what the status filter reads
    audit_status         TEXT,
    listing_mode         TEXT,
    error_messages       TEXT NOT NULL DEFAULT '[]', -- JSON array of the marketplace's messages
    external_category_id TEXT,
    category_name        TEXT,
    external_brand_id    TEXT,
    brand_name           TEXT,
    submission_id        TEXT,                     -- Amazon submissionId / Walmart feedId of an asynchronous publish
    listing_version      INTEGER NOT NULL DEFAULT 0,
    published_version    INTEGER,
    last_published_at    TEXT,
    synced_at            TEXT,
    created_at           TEXT NOT NULL,
    updated_at           TEXT NOT NULL,
    CONSTRAINT shop_products_pkey PRIMARY KEY (id),
    CONSTRAINT shop_products_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT shop_products_shop_fk FOREIGN KEY (shop_id) REFERENCES shops (id) ON DELETE CASCADE,
    CONSTRAINT shop_products_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE,
    CONSTRAINT shop_products_product_unique UNIQUE (shop_id, product_id),
    CONSTRAINT shop_products_external_unique UNIQUE (shop_id, external_product_id),
    CONSTRAINT shop_products_live_status_check CHECK (live_status IN ('DRAFT', 'LISTED', 'LIVE', 'PENDING', 'SUSPENDED')),
    CONSTRAINT shop_products_listing_mode_check CHECK (listing_mode IN ('AS_DRAFT', 'LISTING')),
    CONSTRAINT shop_products_version_check CHECK (listing_version >= 0 AND (published_version IS NULL OR published_version <= listing_version))
);
CREATE INDEX shop_products_client_idx ON shop_products (client_id, shop_id, updated_at);
CREATE INDEX shop_products_client_status_idx ON shop_products (client_id, shop_id, marketplace_status, updated_at);
CREATE INDEX shop_products_product_idx ON shop_products (product_id);

-- The marketplace SKUs of a shop product. TikTok deletes SKUs a full edit leaves out, so an
-- update must send every known SKU id; orders and promotions name SKUs by these ids.
CREATE TABLE shop_product_skus (
    id               TEXT NOT NULL,
    client_id        TEXT NOT NULL,
    shop_product_id  TEXT NOT NULL,
    variant_id       TEXT,
    external_sku_id  TEXT NOT NULL,
    seller_sku       TEXT,
    sale_price_cents BIGINT,
    quantity         INTEGER,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    CONSTRAINT shop_product_skus_pkey PRIMARY KEY (id),
    CONSTRAINT shop_product_skus_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT shop_product_skus_shop_product_fk FOREIGN KEY (shop_product_id) REFERENCES shop_products (id) ON DELETE CASCADE,
    CONSTRAINT shop_product_skus_variant_fk FOREIGN KEY (variant_id) REFERENCES product_variants (id) ON DELETE SET NULL,
    CONSTRAINT shop_product_skus_external_unique UNIQUE (shop_product_id, external_sku_id),
    CONSTRAINT shop_product_skus_variant_unique UNIQUE (shop_product_id, variant_id)
);
CREATE INDEX shop_product_skus_client_idx ON shop_product_skus (client_id, shop_product_id);
CREATE INDEX shop_product_skus_external_idx ON shop_product_skus (external_sku_id);
CREATE INDEX shop_product_skus_variant_idx ON shop_product_skus (variant_id);

-- status is Sellerdesk's workflow (AWAITING_DESIGN, FULFILLED, … can be set by hand);
-- marketplace_status is what the marketplace last said, so a sync never overwrites a choice the
-- seller made. ordered_at is the marketplace's order time (the contract's createdAt, and what
-- date filters read); created_at is when we first saw the order.
CREATE TABLE orders (
    id                     TEXT NOT NULL,
    client_id              TEXT NOT NULL,
    shop_id                TEXT NOT NULL,
    external_order_id      TEXT NOT NULL,
    owner_user_id          TEXT,
    status                 TEXT NOT NULL,
    marketplace_status     TEXT,
    buyer_email            TEXT,
    buyer_message          TEXT,
    recipient_name         TEXT,
    recipient_phone        TEXT,
    recipient_address      TEXT,
    recipient_address1     TEXT,
    recipient_address2     TEXT,
    recipient_city         TEXT,
    recipient_state        TEXT,
    recipient_region_code  TEXT,
    recipient_postal_code  TEXT,
    currency               TEXT NOT NULL DEFAULT 'USD',
    total_amount_cents     BIGINT NOT NULL DEFAULT 0,
    refund_amount_cents    BIGINT NOT NULL DEFAULT 0,
    revenue_estimate_cents BIGINT NOT NULL DEFAULT 0,
    payment                TEXT,                   -- JSON: the marketplace's price breakdown
    shipping_type          TEXT,                   -- TikTok TIKTOK | SELLER
    tracking_number        TEXT,
    shipping_provider      TEXT,
    cancel_reason          TEXT,
    ordered_at             TEXT NOT NULL,
    paid_at                TEXT,
    ship_by_at             TEXT,                   -- marketplace shipping deadline: what getOrderNeedAction counts against
    marketplace_updated_at TEXT,
    synced_at              TEXT,
    created_at             TEXT NOT NULL,
    updated_at             TEXT NOT NULL,
    CONSTRAINT orders_pkey PRIMARY KEY (id),
    CONSTRAINT orders_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT orders_shop_fk FOREIGN KEY (shop_id) REFERENCES shops (id) ON DELETE CASCADE,
    CONSTRAINT orders_owner_fk FOREIGN KEY (owner_user_id) REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT orders_external_unique UNIQUE (shop_id, external_order_id),
    CONSTRAINT orders_status_check CHECK (status IN (
        'AWAITING_DESIGN', 'AWAITING_FULFILLMENT', 'AWAITING_SHIPMENT', 'CANCELLED', 'COMPLETED',
        'DELIVERED', 'FULFILLED', 'IN_TRANSIT', 'REFUNDED')),
    CONSTRAINT orders_amount_check CHECK (total_amount_cents >= 0 AND refund_amount_cents >= 0)
);
CREATE INDEX orders_client_idx ON orders (client_id, ordered_at);
CREATE INDEX orders_client_status_idx ON orders (client_id, status, ordered_at);
CREATE INDEX orders_client_deadline_idx ON orders (client_id, status, ship_by_at);
CREATE INDEX orders_shop_idx ON orders (shop_id, ordered_at);
CREATE INDEX orders_owner_idx ON orders (owner_user_id);

-- external_item_id is the marketplace's line id (TikTok sends one line per unit; the sync may
-- fold them, then it is the SKU id). product_id and variant_id are the local catalogue, resolved
-- through shop_product_skus; the contract's productId and skuId are the marketplace's ids.
CREATE TABLE order_items (
    id                   TEXT NOT NULL,
    client_id            TEXT NOT NULL,
    order_id             TEXT NOT NULL,
    external_item_id     TEXT NOT NULL,
    product_name         TEXT NOT NULL,
    sku_name             TEXT,
    sku_image            TEXT,
    quantity             INTEGER NOT NULL,
    sale_price_cents     BIGINT NOT NULL DEFAULT 0,
    original_price_cents BIGINT NOT NULL DEFAULT 0,
    seller_product_id    TEXT,
    external_product_id  TEXT,
    origin_product_url   TEXT,
    seller_sku           TEXT,
    external_sku_id      TEXT,
    display_status       TEXT,
    product_id           TEXT,
    variant_id           TEXT,
    created_at           TEXT NOT NULL,
    updated_at           TEXT NOT NULL,
    CONSTRAINT order_items_pkey PRIMARY KEY (id),
    CONSTRAINT order_items_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT order_items_order_fk FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE,
    CONSTRAINT order_items_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE SET NULL,
    CONSTRAINT order_items_variant_fk FOREIGN KEY (variant_id) REFERENCES product_variants (id) ON DELETE SET NULL,
    CONSTRAINT order_items_external_unique UNIQUE (order_id, external_item_id),
    CONSTRAINT order_items_quantity_check CHECK (quantity > 0),
    CONSTRAINT order_items_price_check CHECK (sale_price_cents >= 0 AND original_price_cents >= 0)
);
CREATE INDEX order_items_client_idx ON order_items (client_id, order_id);
CREATE INDEX order_items_order_idx ON order_items (order_id);
CREATE INDEX order_items_seller_product_idx ON order_items (client_id, seller_product_id);
CREATE INDEX order_items_product_idx ON order_items (product_id);
CREATE INDEX order_items_variant_idx ON order_items (variant_id);

-- A client's account at a print provider. Removing one that has orders only sets deleted_at:
-- fulfilment history must still name its provider.
CREATE TABLE fulfillment_providers (
    id                      TEXT NOT NULL,
    client_id               TEXT NOT NULL,
    provider                TEXT NOT NULL,
    name                    TEXT,
    api_key_encrypted       TEXT NOT NULL,
    api_secret_encrypted    TEXT,
    provider_shop_id        TEXT,                  -- Printify / Lenful shop id
    base_url                TEXT,                  -- Merchize serves each seller from its own host
    access_token_encrypted  TEXT,                  -- Lenful trades the key for a session token
    access_token_expires_at TEXT,
    deleted_at              TEXT,
    created_at              TEXT NOT NULL,
    updated_at              TEXT NOT NULL,
    CONSTRAINT fulfillment_providers_pkey PRIMARY KEY (id),
    CONSTRAINT fulfillment_providers_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_providers_provider_check CHECK (provider IN (
        'GEARMENT', 'HMFULFILL', 'LENFUL', 'MANGO_TEE', 'MERCHIZE', 'PRINTIFY'))
);
CREATE INDEX fulfillment_providers_client_idx ON fulfillment_providers (client_id, created_at);

-- order_id is NULL for a simple (label-only) order, which carries ref_order_id instead, and
-- when the shop and its orders are removed: what was bought from a provider stays on record.
-- The provider's copy is created with our id as its reference, so external_id is unique per
-- provider and a redelivered fulfillment.create finds the order it already made.
CREATE TABLE fulfillment_orders (
    id                   TEXT NOT NULL,
    client_id            TEXT NOT NULL,
    provider_id          TEXT NOT NULL,
    order_id             TEXT,
    ref_order_id         TEXT,
    external_id          TEXT,
    status               TEXT NOT NULL DEFAULT 'CREATED',
    provider_status      TEXT,
    shipping_name        TEXT NOT NULL,
    shipping_phone       TEXT,
    shipping_address1    TEXT NOT NULL,
    shipping_address2    TEXT,
    shipping_city        TEXT NOT NULL,
    shipping_state       TEXT,                     -- not in the contract's input, but every provider asks for it
    shipping_postal_code TEXT NOT NULL,
    shipping_region_code TEXT NOT NULL,
    shipping_method      TEXT,
    tracking_number      TEXT,
    tracking_url         TEXT,
    tracking_company     TEXT,
    total_amount_cents   BIGINT,
    currency             TEXT NOT NULL DEFAULT 'USD',
    label_url            TEXT,
    error                TEXT,                     -- the provider's last rejection, shown to the seller
    created_by_user_id   TEXT,
    submitted_at         TEXT,
    last_tracked_at      TEXT,
    created_at           TEXT NOT NULL,
    updated_at           TEXT NOT NULL,
    CONSTRAINT fulfillment_orders_pkey PRIMARY KEY (id),
    CONSTRAINT fulfillment_orders_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_orders_provider_fk FOREIGN KEY (provider_id) REFERENCES fulfillment_providers (id),
    CONSTRAINT fulfillment_orders_order_fk FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE SET NULL,
    CONSTRAINT fulfillment_orders_created_by_fk FOREIGN KEY (created_by_user_id) REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT fulfillment_orders_external_unique UNIQUE (provider_id, external_id),
    CONSTRAINT fulfillment_orders_status_check CHECK (status IN ('CANCELLED', 'COMPLETED', 'CREATED', 'IN_TRANSIT')),
    CONSTRAINT fulfillment_orders_amount_check CHECK (total_amount_cents >= 0)
);
CREATE INDEX fulfillment_orders_client_idx ON fulfillment_orders (client_id, created_at);
CREATE INDEX fulfillment_orders_client_status_idx ON fulfillment_orders (client_id, status, created_at);
CREATE INDEX fulfillment_orders_client_provider_idx ON fulfillment_orders (client_id, provider_id, created_at);
CREATE INDEX fulfillment_orders_provider_idx ON fulfillment_orders (provider_id);
CREATE INDEX fulfillment_orders_order_idx ON fulfillment_orders (order_id);
CREATE INDEX fulfillment_orders_tracking_idx ON fulfillment_orders (status, last_tracked_at);
CREATE INDEX fulfillment_orders_created_by_idx ON fulfillment_orders (created_by_user_id);

-- provider_id repeats the order's so that one order item goes to one provider once: the
-- idempotency key of provider orders (order item × provider).
CREATE TABLE fulfillment_order_items (
    id                   TEXT NOT NULL,
    client_id            TEXT NOT NULL,
    fulfillment_order_id TEXT NOT NULL,
    provider_id          TEXT NOT NULL,
    order_item_id        TEXT,
    fulfillment_sku      TEXT NOT NULL,
    quantity             INTEGER NOT NULL,
    image                TEXT,
    design_front_url     TEXT,
    design_back_url      TEXT,
    bg_color_code        TEXT,
    external_item_id     TEXT,
    cost_cents           BIGINT,
    created_at           TEXT NOT NULL,
    CONSTRAINT fulfillment_order_items_pkey PRIMARY KEY (id),
    CONSTRAINT fulfillment_order_items_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_order_items_order_fk FOREIGN KEY (fulfillment_order_id) REFERENCES fulfillment_orders (id) ON DELETE CASCADE,
    CONSTRAINT fulfillment_order_items_provider_fk FOREIGN KEY (provider_id) REFERENCES fulfillment_providers (id),
    CONSTRAINT fulfillment_order_items_order_item_fk FOREIGN KEY (order_item_id) REFERENCES order_items (id) ON DELETE SET NULL,
    CONSTRAINT fulfillment_order_items_order_item_unique UNIQUE (order_item_id, provider_id),
    CONSTRAINT fulfillment_order_items_quantity_check CHECK (quantity > 0),
    CONSTRAINT fulfillment_order_items_cost_check CHECK (cost_cents >= 0)
);
CREATE INDEX fulfillment_order_items_client_idx ON fulfillment_order_items (client_id, fulfillment_order_id);
CREATE INDEX fulfillment_order_items_order_idx ON fulfillment_order_items (fulfillment_order_id);
CREATE INDEX fulfillment_order_items_provider_idx ON fulfillment_order_items (provider_id);

CREATE TABLE promotion_plans (
    id               TEXT NOT NULL,
    client_id        TEXT NOT NULL,
    title            TEXT NOT NULL,
    type             TEXT NOT NULL,
    duration_hours   INTEGER NOT NULL,
    product_level    TEXT NOT NULL,
    discount_percent REAL NOT NULL,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    CONSTRAINT promotion_plans_pkey PRIMARY KEY (id),
    CONSTRAINT promotion_plans_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT promotion_plans_title_unique UNIQUE (client_id, title),
    CONSTRAINT promotion_plans_type_check CHECK (type IN ('FLASHSALE')),
    CONSTRAINT promotion_plans_product_level_check CHECK (product_level IN ('PRODUCT', 'VARIATION')),
    -- TikTok: an activity ends at least 10 minutes after it begins and spans under a year.
    CONSTRAINT promotion_plans_duration_check CHECK (duration_hours >= 1 AND duration_hours < 8760),
    CONSTRAINT promotion_plans_discount_check CHECK (discount_percent >= 1 AND discount_percent <= 99)
);
CREATE INDEX promotion_plans_client_idx ON promotion_plans (client_id, created_at);

-- One flash-sale window on one shop. The terms are copied from the plan when scheduled, so
-- editing or removing a plan never rewrites what ran. Renewal is idempotent twice over: a
-- promotion has at most one successor (renewed_from_id), and a chain (chain_id = the id of its
-- first promotion) has at most one promotion per window start.
CREATE TABLE tiktok_promotions (
    id                  TEXT NOT NULL,
    client_id           TEXT NOT NULL,
    shop_id             TEXT NOT NULL,
    plan_id             TEXT,
    chain_id            TEXT NOT NULL,
    renewed_from_id     TEXT,
    batch_id            TEXT,
    activity_id         TEXT,                      -- NULL until the marketplace has created it
    title               TEXT NOT NULL,
    activity_type       TEXT NOT NULL,
    product_level       TEXT NOT NULL,
    discount_percent    REAL NOT NULL,
    begin_time          TEXT NOT NULL,
    end_time            TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'PENDING',
    activity_status     TEXT,                      -- TikTok NOT_START, ONGOING, EXPIRED, DEACTIVATED, …
    error               TEXT,
    failed_items_count  INTEGER NOT NULL DEFAULT 0,
    success_items_count INTEGER NOT NULL DEFAULT 0,
    auto_renew          INTEGER NOT NULL DEFAULT 0,
    deactivated_at      TEXT,
    created_by_user_id  TEXT,
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    CONSTRAINT tiktok_promotions_pkey PRIMARY KEY (id),
    CONSTRAINT tiktok_promotions_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotions_shop_fk FOREIGN KEY (shop_id) REFERENCES shops (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotions_plan_fk FOREIGN KEY (plan_id) REFERENCES promotion_plans (id) ON DELETE SET NULL,
    CONSTRAINT tiktok_promotions_renewed_from_fk FOREIGN KEY (renewed_from_id) REFERENCES tiktok_promotions (id) ON DELETE SET NULL,
    CONSTRAINT tiktok_promotions_batch_fk FOREIGN KEY (batch_id) REFERENCES job_batches (id) ON DELETE SET NULL,
    CONSTRAINT tiktok_promotions_created_by_fk FOREIGN KEY (created_by_user_id) REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT tiktok_promotions_activity_unique UNIQUE (shop_id, activity_id),
    CONSTRAINT tiktok_promotions_renewal_unique UNIQUE (renewed_from_id),
    CONSTRAINT tiktok_promotions_window_unique UNIQUE (chain_id, begin_time),
    CONSTRAINT tiktok_promotions_activity_type_check CHECK (activity_type IN ('FLASHSALE')),
    CONSTRAINT tiktok_promotions_product_level_check CHECK (product_level IN ('PRODUCT', 'VARIATION')),
    CONSTRAINT tiktok_promotions_discount_check CHECK (discount_percent >= 1 AND discount_percent <= 99),
    CONSTRAINT tiktok_promotions_window_check CHECK (end_time > begin_time),
    CONSTRAINT tiktok_promotions_status_check CHECK (status IN ('FAILED', 'PENDING', 'PROCESSING', 'SUCCESS')),
    CONSTRAINT tiktok_promotions_counts_check CHECK (failed_items_count >= 0 AND success_items_count >= 0)
);
CREATE INDEX tiktok_promotions_client_idx ON tiktok_promotions (client_id, begin_time);
CREATE INDEX tiktok_promotions_client_shop_idx ON tiktok_promotions (client_id, shop_id, begin_time);
CREATE INDEX tiktok_promotions_client_status_idx ON tiktok_promotions (client_id, status, begin_time);
CREATE INDEX tiktok_promotions_shop_idx ON tiktok_promotions (shop_id);
CREATE INDEX tiktok_promotions_renew_idx ON tiktok_promotions (auto_renew, end_time);
CREATE INDEX tiktok_promotions_plan_idx ON tiktok_promotions (plan_id);
CREATE INDEX tiktok_promotions_batch_idx ON tiktok_promotions (batch_id);
CREATE INDEX tiktok_promotions_created_by_idx ON tiktok_promotions (created_by_user_id);

-- The products one promotion put on sale, each with its own outcome (the promotion's counts
-- sum these).
CREATE TABLE tiktok_promotion_products (
    id                    TEXT NOT NULL,
    client_id             TEXT NOT NULL,
    promotion_id          TEXT NOT NULL,
    product_id            TEXT,
    external_product_id   TEXT NOT NULL,
    skus                  TEXT NOT NULL DEFAULT '[]', -- JSON array {id, activity_price_cents, quantity_limit, quantity_per_user}: VARIATION level
    activity_price_cents  BIGINT,                  -- PRODUCT level
    quantity_limit        INTEGER NOT NULL DEFAULT -1, -- -1 = unlimited, as TikTok has it
    quantity_per_user     INTEGER NOT NULL DEFAULT -1,
    status                TEXT NOT NULL DEFAULT 'PENDING',
    error                 TEXT,
    created_at            TEXT NOT NULL,
    updated_at            TEXT NOT NULL,
    CONSTRAINT tiktok_promotion_products_pkey PRIMARY KEY (id),
    CONSTRAINT tiktok_promotion_products_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotion_products_promotion_fk FOREIGN KEY (promotion_id) REFERENCES tiktok_promotions (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotion_products_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE SET NULL,
    CONSTRAINT tiktok_promotion_products_unique UNIQUE (promotion_id, external_product_id),
    CONSTRAINT tiktok_promotion_products_status_check CHECK (status IN ('FAILED', 'PENDING', 'PROCESSING', 'SUCCESS')),
    CONSTRAINT tiktok_promotion_products_price_check CHECK (activity_price_cents >= 0),
    CONSTRAINT tiktok_promotion_products_limit_check CHECK (quantity_limit >= -1 AND quantity_per_user >= -1)
);
CREATE INDEX tiktok_promotion_products_client_idx ON tiktok_promotion_products (client_id, promotion_id);
CREATE INDEX tiktok_promotion_products_promotion_idx ON tiktok_promotion_products (promotion_id, status);
CREATE INDEX tiktok_promotion_products_product_idx ON tiktok_promotion_products (product_id);

-- The Telegram account a user receives notifications on: one per user.
CREATE TABLE telegram_users (
    id               TEXT NOT NULL,
    client_id        TEXT NOT NULL,
    user_id          TEXT NOT NULL,
    telegram_user_id TEXT NOT NULL,                -- Telegram ids exceed 32 bits; kept as text like every id
    chat_id          TEXT NOT NULL,
    first_name       TEXT,
    last_name        TEXT,
    username         TEXT,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    CONSTRAINT telegram_users_pkey PRIMARY KEY (id),
    CONSTRAINT telegram_users_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT telegram_users_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
    CONSTRAINT telegram_users_user_unique UNIQUE (user_id)
);
CREATE INDEX telegram_users_client_idx ON telegram_users (client_id, user_id);
CREATE INDEX telegram_users_telegram_idx ON telegram_users (telegram_user_id);

-- A single-use deep-link token (t.me/<bot>?start=<token>) that ties a Telegram chat to the user
-- who asked for it; only its hash is kept.
CREATE TABLE telegram_links (
    id         TEXT NOT NULL,
    client_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT,
    created_at TEXT NOT NULL,
    CONSTRAINT telegram_links_pkey PRIMARY KEY (id),
    CONSTRAINT telegram_links_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT telegram_links_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
    CONSTRAINT telegram_links_token_unique UNIQUE (token_hash)
);
CREATE INDEX telegram_links_client_idx ON telegram_links (client_id, user_id);
CREATE INDEX telegram_links_user_idx ON telegram_links (user_id);
CREATE INDEX telegram_links_expiry_idx ON telegram_links (expires_at);
