-- A marketplace refusal named by the field of ours it is about: [{field, message}] where
-- `field` is the GraphQL input field (`packageWeight`, `attributes.100198`…) or null when the
-- refusal names nothing we map, and `message` is in a seller's words. Written with
-- `error_messages` (the marketplace's own text stays there).
ALTER TABLE shop_products ADD COLUMN error_fields TEXT NOT NULL DEFAULT '[]';

-- What a marketplace category requires of a listing (package dimensions, required attributes,
-- size chart…), as `domain::completeness::CategoryRules` JSON. Read through: a copy older than
-- a day is fetched again; an older one still answers while the marketplace is unreachable.
CREATE TABLE marketplace_category_rules (
    sale_channel  TEXT NOT NULL,
    category_id   TEXT NOT NULL,
    rules         TEXT NOT NULL,
    fetched_at    TEXT NOT NULL,
    CONSTRAINT marketplace_category_rules_pkey PRIMARY KEY (sale_channel, category_id),
    CONSTRAINT marketplace_category_rules_sale_channel_check CHECK (sale_channel IN ('AMAZON', 'TIKTOK', 'WALMART'))
);
