-- STAFF follow a batch only when every shop its jobs work on is assigned to them: each job
-- names its shop. Jobs queued before this migration carried it in their payload only.
ALTER TABLE event_histories ADD COLUMN shop_id TEXT;
UPDATE event_histories SET shop_id = json_extract(payload, '$.shop_id')
    WHERE batch_id IS NOT NULL AND json_valid(payload) AND json_type(payload, '$.shop_id') = 'text';

-- Mails are stored sealed from now on; the bodies of earlier ones held usable reset and
-- verification links in plain text. Only the envelope stays (a mail still waiting fails and
-- must be asked for again).
UPDATE event_histories
    SET payload = json_object('mail', json_object('to', json_extract(payload, '$.mail.to'), 'subject', json_extract(payload, '$.mail.subject')))
    WHERE type = 'mail.send' AND json_valid(payload) AND json_extract(payload, '$.mail.sealed') IS NULL;

-- A signed upload URL is used once: its path (unique per URL) is recorded by the PUT that
-- stores the file, and a second PUT finds it taken. Rows past `expires_at` are purged: by then
-- the signature refuses the URL anyway.
CREATE TABLE upload_uses (
    path       TEXT PRIMARY KEY,
    client_id  TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT NOT NULL
);
CREATE INDEX upload_uses_expires_idx ON upload_uses (expires_at);
