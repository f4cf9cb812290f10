-- C2C (issue 8, api-contract §8): user-to-user fiat ads, their deals (whole-ad takes), and the
-- cancellations counted against the daily limit. Settings: the daily cancel limit and the
-- auto-cancel window in minutes (decision 7: 15).

CREATE TABLE c2c_ads (
  id SERIAL PRIMARY KEY,
  seller_id INTEGER NOT NULL REFERENCES users(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  -- from the publisher's point of view
  type TEXT NOT NULL CHECK (type IN ('buy', 'sell')),
  way TEXT NOT NULL CHECK (way IN ('bank', 'we_chat', 'ali_pay')),
  price NUMERIC(36,18) NOT NULL,
  total_number NUMERIC(36,18) NOT NULL,
  surplus_number NUMERIC(36,18) NOT NULL,
  min_number NUMERIC(36,18) NOT NULL DEFAULT 0,
  -- 0 open, 1 taken, 2 withdrawn
  is_done SMALLINT NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX c2c_ads_open_idx ON c2c_ads (is_done, type, currency_id);
CREATE INDEX c2c_ads_seller_idx ON c2c_ads (seller_id);

CREATE TABLE c2c_deals (
  id SERIAL PRIMARY KEY,
  ad_id INTEGER NOT NULL REFERENCES c2c_ads(id),
  -- the taker
  user_id INTEGER NOT NULL REFERENCES users(id),
  -- the publisher
  seller_id INTEGER NOT NULL REFERENCES users(id),
  number NUMERIC(36,18) NOT NULL,
  price NUMERIC(36,18) NOT NULL,
  -- 0 unpaid, 3 paid, 1 completed, 2 cancelled
  is_sure SMALLINT NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  paid_at TIMESTAMPTZ,
  finished_at TIMESTAMPTZ
);
CREATE INDEX c2c_deals_user_idx ON c2c_deals (user_id);
CREATE INDEX c2c_deals_seller_idx ON c2c_deals (seller_id);
CREATE INDEX c2c_deals_ad_idx ON c2c_deals (ad_id);
CREATE INDEX c2c_deals_open_idx ON c2c_deals (is_sure, created_at);

CREATE TABLE c2c_cancels (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  deal_id INTEGER NOT NULL REFERENCES c2c_deals(id),
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX c2c_cancels_user_idx ON c2c_cancels (user_id, created_at);

INSERT INTO settings (key, value) VALUES
  ('user_legal_deal_cancel', '3'),
  ('user_legal_deal_cancel_time', '15');
