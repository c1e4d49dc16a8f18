-- Conventions (shared with migrations/postgres): ids are TEXT (UUID v7), times are TEXT in
-- RFC 3339 UTC with milliseconds ("2026-01-02T03:04:05.678Z", so text order is time order),
-- money is BIGINT cents, booleans are INTEGER 0/1 here and BOOLEAN in PostgreSQL.

CREATE TABLE clients (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    key         TEXT NOT NULL,
    is_active   INTEGER NOT NULL DEFAULT 0,
    is_platform INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    CONSTRAINT clients_key_unique UNIQUE (key)
);

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    client_id     TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    email         TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('ADMIN', 'STAFF', 'SUPER_ADMIN')),
    token_version BIGINT NOT NULL DEFAULT 0,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    CONSTRAINT users_email_unique UNIQUE (email)
);
CREATE INDEX users_client_idx ON users (client_id, created_at);

CREATE TABLE user_settings (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    value      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    CONSTRAINT user_settings_unique UNIQUE (user_id, name)
);

-- Single-use tokens mailed to users (email verification, password reset); only a hash is kept.
CREATE TABLE auth_tokens (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('VERIFY_EMAIL', 'RESET_PASSWORD')),
    token_hash TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT,
    created_at TEXT NOT NULL,
    CONSTRAINT auth_tokens_hash_unique UNIQUE (token_hash)
);
CREATE INDEX auth_tokens_expiry_idx ON auth_tokens (expires_at);

CREATE TABLE subscription_plans (
    id               TEXT PRIMARY KEY,
    type             TEXT NOT NULL,
    description      TEXT NOT NULL,
    features         TEXT NOT NULL DEFAULT '[]', -- JSON array of strings
    sale_price_cents BIGINT NOT NULL,
    base_price_cents BIGINT NOT NULL,
    max_shops        INTEGER NOT NULL,
    duration_days    INTEGER NOT NULL,
    created_at       TEXT NOT NULL,
    CONSTRAINT subscription_plans_type_unique UNIQUE (type)
);

CREATE TABLE client_subscriptions (
    id            TEXT PRIMARY KEY,
    client_id     TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    plan_id       TEXT REFERENCES subscription_plans (id),
    start_date    TEXT,
    end_date      TEXT,
    balance_cents BIGINT NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    CONSTRAINT client_subscriptions_client_unique UNIQUE (client_id)
);

CREATE TABLE transactions (
    id           TEXT PRIMARY KEY,
    client_id    TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    amount_cents BIGINT NOT NULL,
    content      TEXT NOT NULL,
    type         TEXT NOT NULL CHECK (type IN ('TOP_UP', 'PLAN_PURCHASE', 'ADJUSTMENT')),
    created_at   TEXT NOT NULL
);
CREATE INDEX transactions_client_idx ON transactions (client_id, created_at);

-- Progress of one bulk action: its jobs carry the batch id.
CREATE TABLE job_batches (
    id         TEXT PRIMARY KEY,
    client_id  TEXT REFERENCES clients (id) ON DELETE CASCADE,
    type       TEXT NOT NULL,
    total      INTEGER NOT NULL,
    created_at TEXT NOT NULL
);

-- The source of truth of every job (the queue only carries ids): an outbox row written in the
-- same transaction as the change that asks for the job, its status, attempts and lease.
CREATE TABLE event_histories (
    id           TEXT PRIMARY KEY,
    type         TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'SUCCESS', 'FAILED')),
    payload      TEXT NOT NULL, -- JSON
    error        TEXT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL DEFAULT 3,
    client_id    TEXT REFERENCES clients (id) ON DELETE CASCADE,
    batch_id     TEXT REFERENCES job_batches (id) ON DELETE SET NULL,
    dedupe_key   TEXT,
    run_at       TEXT NOT NULL,       -- not before
    queued_at    TEXT,                -- last push to the queue; NULL = the sweeper must push it
    lease_until  TEXT,                -- PROCESSING only: the worker renews it while it runs
    worker_id    TEXT,
    started_at   TEXT,
    finished_at  TEXT,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    CONSTRAINT event_histories_dedupe_unique UNIQUE (dedupe_key)
);
CREATE INDEX event_histories_status_idx ON event_histories (status, run_at);
CREATE INDEX event_histories_type_idx ON event_histories (type, status);
CREATE INDEX event_histories_batch_idx ON event_histories (batch_id, status);
CREATE INDEX event_histories_client_idx ON event_histories (client_id, created_at);
CREATE INDEX event_histories_created_idx ON event_histories (created_at);

CREATE TABLE workers (
    id           TEXT PRIMARY KEY,
    queues       TEXT NOT NULL, -- JSON array of job kinds
    hostname     TEXT NOT NULL,
    pid          BIGINT NOT NULL,
    started_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL
);

-- Side effects a job already produced, keyed by an idempotency key derived from the job.
CREATE TABLE job_effects (
    key        TEXT PRIMARY KEY,
    event_id   TEXT NOT NULL,
    result     TEXT,
    created_at TEXT NOT NULL
);
