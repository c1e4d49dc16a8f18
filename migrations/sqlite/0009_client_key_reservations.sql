-- A sign-up with an email that already has an account creates nothing, yet its client key must
-- look taken afterwards exactly as a new sign-up's does: otherwise checkDuplicateClientKey would
-- tell which emails have accounts. The key is held here, like an unverified client holds its own.
CREATE TABLE client_key_reservations (
    key        TEXT PRIMARY KEY,
    created_at TEXT NOT NULL
);
