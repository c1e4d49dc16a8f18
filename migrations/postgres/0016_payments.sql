-- Card top-ups: one row per checkout a seller started. The provider's session id is known once
-- the session is made (the row is written first, so the session's idempotency key is the row's
-- id), and is unique: the webhook finds the row by it. PENDING -> PAID happens once, in the
-- same database transaction as the balance credit and its TOP_UP transaction, whose id the
-- row keeps; EXPIRED when the provider says the session lapsed unpaid.
CREATE TABLE payments (
    id             TEXT PRIMARY KEY,
    client_id      TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    provider       TEXT NOT NULL CHECK (provider IN ('STRIPE')),
    provider_id    TEXT,
    amount_cents   BIGINT NOT NULL CHECK (amount_cents > 0),
    currency       TEXT NOT NULL,
    status         TEXT NOT NULL CHECK (status IN ('PENDING', 'PAID', 'EXPIRED')),
    created_by     TEXT REFERENCES users (id) ON DELETE SET NULL,
    transaction_id TEXT REFERENCES transactions (id) ON DELETE SET NULL,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL,
    paid_at        TEXT,
    CONSTRAINT payments_provider_id_unique UNIQUE (provider_id)
);
CREATE INDEX payments_client_idx ON payments (client_id, created_at);
