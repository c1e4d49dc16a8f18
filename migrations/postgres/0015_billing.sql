-- Plans as data: monthly allowances (NULL = unlimited) and the promotions feature, editable by a
-- SUPER_ADMIN. The six plans are seeded here (a database seeded by an older build keeps its ids
-- and gets the allowances below).
ALTER TABLE subscription_plans ADD COLUMN monthly_listings BIGINT;
ALTER TABLE subscription_plans ADD COLUMN monthly_fulfillments BIGINT;
ALTER TABLE subscription_plans ADD COLUMN promotions BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE subscription_plans ADD COLUMN updated_at TEXT;

INSERT INTO subscription_plans (id, type, description, features, sale_price_cents, base_price_cents, max_shops, duration_days, created_at) VALUES
 ('00000000-0000-7000-8000-00000000f001', 'FREE', 'Try Sellerdesk with one shop', '["1 shop","50 listings a month","20 fulfilment orders a month","Catalogue and templates","Order tracking"]', 0, 0, 1, 0, '2026-01-01T00:00:00.000Z'),
 ('00000000-0000-7000-8000-00000000f002', 'BEGIN', 'For a first store finding its feet', '["3 shops","500 listings a month","200 fulfilment orders a month","Bulk listing"]', 1900, 2900, 3, 30, '2026-01-01T00:00:00.000Z'),
 ('00000000-0000-7000-8000-00000000f003', 'SMALL', 'For a small team', '["5 shops","2,000 listings a month","1,000 fulfilment orders a month","Staff accounts"]', 3900, 4900, 5, 30, '2026-01-01T00:00:00.000Z'),
 ('00000000-0000-7000-8000-00000000f004', 'BASIC', 'For a growing seller', '["10 shops","10,000 listings a month","5,000 fulfilment orders a month","Flash-sale automation"]', 7900, 9900, 10, 30, '2026-01-01T00:00:00.000Z'),
 ('00000000-0000-7000-8000-00000000f005', 'PREMIUM', 'For established sellers', '["25 shops","50,000 listings a month","20,000 fulfilment orders a month","Flash-sale automation","Priority support"]', 14900, 19900, 25, 30, '2026-01-01T00:00:00.000Z'),
 ('00000000-0000-7000-8000-00000000f006', 'DIAMOND', 'For large operations', '["100 shops","Unlimited listings","Unlimited fulfilment orders","Flash-sale automation","Dedicated onboarding"]', 39900, 49900, 100, 30, '2026-01-01T00:00:00.000Z')
ON CONFLICT (type) DO NOTHING;

UPDATE subscription_plans SET monthly_listings = 50, monthly_fulfillments = 20, promotions = FALSE,
  features = '["1 shop","50 listings a month","20 fulfilment orders a month","Catalogue and templates","Order tracking"]' WHERE type = 'FREE';
UPDATE subscription_plans SET monthly_listings = 500, monthly_fulfillments = 200, promotions = FALSE,
  features = '["3 shops","500 listings a month","200 fulfilment orders a month","Bulk listing"]' WHERE type = 'BEGIN';
UPDATE subscription_plans SET monthly_listings = 2000, monthly_fulfillments = 1000, promotions = FALSE,
  features = '["5 shops","2,000 listings a month","1,000 fulfilment orders a month","Staff accounts"]' WHERE type = 'SMALL';
UPDATE subscription_plans SET monthly_listings = 10000, monthly_fulfillments = 5000, promotions = TRUE,
  features = '["10 shops","10,000 listings a month","5,000 fulfilment orders a month","Flash-sale automation"]' WHERE type = 'BASIC';
UPDATE subscription_plans SET monthly_listings = 50000, monthly_fulfillments = 20000, promotions = TRUE,
  features = '["25 shops","50,000 listings a month","20,000 fulfilment orders a month","Flash-sale automation","Priority support"]' WHERE type = 'PREMIUM';
UPDATE subscription_plans SET monthly_listings = NULL, monthly_fulfillments = NULL, promotions = TRUE,
  features = '["100 shops","Unlimited listings","Unlimited fulfilment orders","Flash-sale automation","Dedicated onboarding"]' WHERE type = 'DIAMOND';

-- What the current period was paid (the sale price debited), so a switch in its middle credits
-- the unused part of what was paid, whatever the plan's price is since.
ALTER TABLE client_subscriptions ADD COLUMN paid_cents BIGINT NOT NULL DEFAULT 0;
CREATE INDEX client_subscriptions_end_idx ON client_subscriptions (end_date);

-- Paid work counted per client and calendar month (UTC, 'YYYY-MM'): the gate adds to it in the
-- transaction of the work, with a conditional update, so concurrent requests cannot pass the
-- allowance together and a refused or rolled-back request counts nothing.
CREATE TABLE plan_usage (
    client_id    TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    month        TEXT NOT NULL,
    listings     BIGINT NOT NULL DEFAULT 0,
    fulfillments BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (client_id, month)
);

