-- STAFF follow a batch only when every shop its jobs work on is assigned to them: each job
-- names its shop. Jobs queued before this migration carried it in their payload only.
ALTER TABLE event_histories ADD COLUMN shop_id TEXT;
UPDATE event_histories SET shop_id = payload::jsonb ->> 'shop_id'
    WHERE batch_id IS NOT NULL AND jsonb_typeof(payload::jsonb -> 'shop_id') = 'string';

-- Mails are stored sealed from now on; the bodies of earlier ones held usable reset and
-- verification links in plain text. Only the envelope stays (a mail still waiting fails and
-- must be asked for again).
UPDATE event_histories
    SET payload = jsonb_build_object('mail', jsonb_build_object('to', payload::jsonb #>> '{mail,to}', 'subject', payload::jsonb #>> '{mail,subject}'))::text
    WHERE type = 'mail.send' AND (payload::jsonb #>> '{mail,sealed}') IS NULL;

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
