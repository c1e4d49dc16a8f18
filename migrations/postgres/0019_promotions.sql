-- Promotions as the seller schedules them: one row per promotion on one shop (its terms, its
-- auto-renew flag and its latest window), one row per window it ran or will run (its history),
-- and one row per product of a window that failed or was left out, with the reason. Replaces the
-- first draft of 0002 (a chain of promotion rows), which nothing ever wrote.
DROP TABLE tiktok_promotion_products;
DROP TABLE tiktok_promotions;

CREATE TABLE tiktok_promotions (
    id                  TEXT NOT NULL,
    client_id           TEXT NOT NULL,
    shop_id             TEXT NOT NULL,
    plan_id             TEXT,
    batch_id            TEXT,
    -- The terms, copied from the plan when scheduled: editing or removing a plan never
    -- rewrites what runs. Each window's activity title derives from `title`.
    title               TEXT NOT NULL,
    activity_type       TEXT NOT NULL,
    product_level       TEXT NOT NULL,
    discount_percent    DOUBLE PRECISION NOT NULL,
    duration_hours      INTEGER NOT NULL,
    -- Local product ids chosen; [] = every live product of the shop.
    product_ids         TEXT NOT NULL DEFAULT '[]',
    -- The latest window: its times, activity, job status and item counts.
    window_seq          INTEGER NOT NULL DEFAULT 1,
    begin_time          TEXT NOT NULL,
    end_time            TEXT NOT NULL,
    activity_id         TEXT,
    status              TEXT NOT NULL DEFAULT 'PENDING',
    error               TEXT,
    failed_items_count  INTEGER NOT NULL DEFAULT 0,
    success_items_count INTEGER NOT NULL DEFAULT 0,
    auto_renew          BOOLEAN NOT NULL DEFAULT FALSE,
    -- When the renewal cron queues the next window (NULL: not renewing).
    next_renewal_at     TEXT,
    deactivated_at      TEXT,
    created_by_user_id  TEXT,
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    CONSTRAINT tiktok_promotions_pkey PRIMARY KEY (id),
    CONSTRAINT tiktok_promotions_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotions_shop_fk FOREIGN KEY (shop_id) REFERENCES shops (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotions_plan_fk FOREIGN KEY (plan_id) REFERENCES promotion_plans (id) ON DELETE SET NULL,
    CONSTRAINT tiktok_promotions_batch_fk FOREIGN KEY (batch_id) REFERENCES job_batches (id) ON DELETE SET NULL,
    CONSTRAINT tiktok_promotions_created_by_fk FOREIGN KEY (created_by_user_id) REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT tiktok_promotions_activity_type_check CHECK (activity_type IN ('FLASHSALE')),
    CONSTRAINT tiktok_promotions_product_level_check CHECK (product_level IN ('PRODUCT', 'VARIATION')),
    CONSTRAINT tiktok_promotions_discount_check CHECK (discount_percent >= 1 AND discount_percent <= 99),
    CONSTRAINT tiktok_promotions_duration_check CHECK (duration_hours >= 1 AND duration_hours < 8760),
    CONSTRAINT tiktok_promotions_window_check CHECK (end_time > begin_time),
    CONSTRAINT tiktok_promotions_status_check CHECK (status IN ('FAILED', 'PENDING', 'PROCESSING', 'SUCCESS')),
    CONSTRAINT tiktok_promotions_counts_check CHECK (failed_items_count >= 0 AND success_items_count >= 0)
);
CREATE INDEX tiktok_promotions_client_idx ON tiktok_promotions (client_id, begin_time);
CREATE INDEX tiktok_promotions_client_shop_idx ON tiktok_promotions (client_id, shop_id, begin_time);
CREATE INDEX tiktok_promotions_client_status_idx ON tiktok_promotions (client_id, status, begin_time);
CREATE INDEX tiktok_promotions_shop_idx ON tiktok_promotions (shop_id);
CREATE INDEX tiktok_promotions_renew_idx ON tiktok_promotions (next_renewal_at);
CREATE INDEX tiktok_promotions_plan_idx ON tiktok_promotions (plan_id, auto_renew);
CREATE INDEX tiktok_promotions_batch_idx ON tiktok_promotions (batch_id);
CREATE INDEX tiktok_promotions_created_by_idx ON tiktok_promotions (created_by_user_id);

-- One flash-sale activity of a promotion. Unique per promotion and start: however many
-- workers and ticks find a promotion due, its next window is created once.
CREATE TABLE tiktok_promotion_windows (
    id                  TEXT NOT NULL,
    client_id           TEXT NOT NULL,
    promotion_id        TEXT NOT NULL,
    seq                 INTEGER NOT NULL,
    begin_time          TEXT NOT NULL,
    end_time            TEXT NOT NULL,
    title               TEXT NOT NULL,             -- the activity's title on the marketplace
    activity_id         TEXT,                      -- NULL until the marketplace has created it
    status              TEXT NOT NULL DEFAULT 'PENDING',
    error               TEXT,
    success_items_count INTEGER NOT NULL DEFAULT 0,
    failed_items_count  INTEGER NOT NULL DEFAULT 0,
    dropped_items_count INTEGER NOT NULL DEFAULT 0,
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    CONSTRAINT tiktok_promotion_windows_pkey PRIMARY KEY (id),
    CONSTRAINT tiktok_promotion_windows_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotion_windows_promotion_fk FOREIGN KEY (promotion_id) REFERENCES tiktok_promotions (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotion_windows_start_unique UNIQUE (promotion_id, begin_time),
    CONSTRAINT tiktok_promotion_windows_seq_unique UNIQUE (promotion_id, seq),
    CONSTRAINT tiktok_promotion_windows_window_check CHECK (end_time > begin_time),
    CONSTRAINT tiktok_promotion_windows_status_check CHECK (status IN ('FAILED', 'PENDING', 'PROCESSING', 'SUCCESS')),
    CONSTRAINT tiktok_promotion_windows_counts_check CHECK (success_items_count >= 0 AND failed_items_count >= 0 AND dropped_items_count >= 0)
);
CREATE INDEX tiktok_promotion_windows_client_idx ON tiktok_promotion_windows (client_id, promotion_id);

-- The products of one window and what became of each: on sale (SUCCESS), refused by the
-- marketplace (FAILED) or left out because it no longer qualified (DROPPED), with the reason.
CREATE TABLE tiktok_promotion_items (
    id                   TEXT NOT NULL,
    client_id            TEXT NOT NULL,
    window_id            TEXT NOT NULL,
    promotion_id         TEXT NOT NULL,
    product_key          TEXT NOT NULL,           -- the marketplace's product id, or local:{id} when not on the shop
    product_id           TEXT,                    -- the local product, when known
    external_product_id  TEXT,
    title                TEXT,
    activity_price_cents BIGINT,                  -- PRODUCT level; the lowest SKU's at VARIATION level
    status               TEXT NOT NULL,
    reason               TEXT,
    created_at           TEXT NOT NULL,
    updated_at           TEXT NOT NULL,
    CONSTRAINT tiktok_promotion_items_pkey PRIMARY KEY (id),
    CONSTRAINT tiktok_promotion_items_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotion_items_window_fk FOREIGN KEY (window_id) REFERENCES tiktok_promotion_windows (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotion_items_promotion_fk FOREIGN KEY (promotion_id) REFERENCES tiktok_promotions (id) ON DELETE CASCADE,
    CONSTRAINT tiktok_promotion_items_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE SET NULL,
    CONSTRAINT tiktok_promotion_items_unique UNIQUE (window_id, product_key),
    CONSTRAINT tiktok_promotion_items_status_check CHECK (status IN ('SUCCESS', 'FAILED', 'DROPPED')),
    CONSTRAINT tiktok_promotion_items_price_check CHECK (activity_price_cents >= 0)
);
CREATE INDEX tiktok_promotion_items_client_idx ON tiktok_promotion_items (client_id, window_id);
CREATE INDEX tiktok_promotion_items_promotion_idx ON tiktok_promotion_items (promotion_id);
CREATE INDEX tiktok_promotion_items_product_idx ON tiktok_promotion_items (product_id);
CREATE INDEX tiktok_promotion_items_external_idx ON tiktok_promotion_items (external_product_id, status);
