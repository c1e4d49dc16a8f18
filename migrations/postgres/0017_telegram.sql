-- Telegram alerts, beside the link tables of 0002 (telegram_users: a user's linked chat;
-- telegram_links: the single-use deep-link tokens, hashed).

-- The alerts a user chose; a user without rows has chosen none (linking chooses all).
CREATE TABLE telegram_alert_choices (
    user_id  TEXT NOT NULL,
    alert    TEXT NOT NULL,
    CONSTRAINT telegram_alert_choices_pkey PRIMARY KEY (user_id, alert),
    CONSTRAINT telegram_alert_choices_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
    CONSTRAINT telegram_alert_choices_alert_check CHECK (alert IN ('BULK_BATCH_FAILED', 'ORDERS_DUE', 'PROMOTION_RENEWAL_FAILED', 'LOW_BALANCE'))
);

-- Updates applied (by webhook or by polling): a repeated delivery applies nothing.
CREATE TABLE telegram_updates (
    update_id   BIGINT NOT NULL,
    applied_at  TEXT NOT NULL,
    CONSTRAINT telegram_updates_pkey PRIMARY KEY (update_id)
);

-- Where polling getUpdates goes on from (one row, id 'bot').
CREATE TABLE telegram_poll_state (
    id           TEXT NOT NULL,
    next_offset  BIGINT NOT NULL,
    updated_at   TEXT NOT NULL,
    CONSTRAINT telegram_poll_state_pkey PRIMARY KEY (id)
);

-- Orders an "orders due" alert already named, per kind (DUE_SOON, LATE): each order is named
-- once per kind.
CREATE TABLE telegram_order_alerts (
    order_id    TEXT NOT NULL,
    kind        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    CONSTRAINT telegram_order_alerts_pkey PRIMARY KEY (order_id, kind),
    CONSTRAINT telegram_order_alerts_order_fk FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE
);
