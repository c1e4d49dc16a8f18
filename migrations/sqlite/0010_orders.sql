-- Orders as the seller's desk: what the marketplace keeps (its fees, settled or estimated), what
-- fulfilment costs, the net of it all; the timeline of every status change; and the order exports.
--
-- net_amount_cents = total - commission - transaction fee - shipping fee - fulfilment - refund,
-- kept up to date by whoever changes one of its terms, so the summary is one SUM over an index.
-- fees_settled is 0 (FALSE in PostgreSQL) while the fees are estimated from the shop's rates, 1 once the
-- marketplace's finance statement has them. marketplace_rank orders the marketplace's statuses
-- (UNPAID < ON_HOLD < AWAITING_SHIPMENT < … < COMPLETED; CANCELLED last) so that a late or
-- repeated update can never take an order back.
ALTER TABLE orders ADD COLUMN commission_fee_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN transaction_fee_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN shipping_fee_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN fees_settled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN fulfillment_cost_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN net_amount_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN marketplace_rank INTEGER NOT NULL DEFAULT 0;
CREATE INDEX orders_client_ship_by_idx ON orders (client_id, ship_by_at);
CREATE INDEX orders_client_updated_idx ON orders (client_id, updated_at);

-- One row per change of an order's workflow status: when, who or what (source, and the user
-- for a person's change), from, to, and what the marketplace said at that moment.
CREATE TABLE order_events (
    id                 TEXT NOT NULL,
    client_id          TEXT NOT NULL,
    order_id           TEXT NOT NULL,
    source             TEXT NOT NULL,
    user_id            TEXT,
    from_status        TEXT,
    to_status          TEXT NOT NULL,
    marketplace_status TEXT,
    created_at         TEXT NOT NULL,
    CONSTRAINT order_events_pkey PRIMARY KEY (id),
    CONSTRAINT order_events_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT order_events_order_fk FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE,
    CONSTRAINT order_events_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT order_events_source_check CHECK (source IN ('SYNC', 'WEBHOOK', 'USER', 'FULFILLMENT'))
);
CREATE INDEX order_events_order_idx ON order_events (order_id, created_at);
CREATE INDEX order_events_client_idx ON order_events (client_id, created_at);

-- A CSV of a filtered order list, written by an order.export job. filter is the JSON of the
-- OrderFilter and the caller's timezone as it was asked; file_name is under DATA_DIR/exports.
CREATE TABLE order_exports (
    id          TEXT NOT NULL,
    client_id   TEXT NOT NULL,
    user_id     TEXT,
    batch_id    TEXT,
    status      TEXT NOT NULL,
    filter      TEXT NOT NULL,
    total_rows  INTEGER NOT NULL DEFAULT 0,
    done_rows   INTEGER NOT NULL DEFAULT 0,
    file_name   TEXT,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    CONSTRAINT order_exports_pkey PRIMARY KEY (id),
    CONSTRAINT order_exports_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT order_exports_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT order_exports_status_check CHECK (status IN ('PENDING', 'PROCESSING', 'SUCCESS', 'FAILED'))
);
CREATE INDEX order_exports_client_idx ON order_exports (client_id, created_at);
