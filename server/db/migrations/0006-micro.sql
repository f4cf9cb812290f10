-- Second contracts (issue 7, api-contract §6): the durations with their profit ratios, the
-- per-currency rules of the payment currency, and the orders. Payable currencies are those
-- with is_micro = 1 AND is_legal = 1 (USDT in the seed). Honest rules only (decision 6): the
-- open price is the current price, the end price the price at expiry; nothing is preset.

-- profit_ratio in percent: a win pays the stake × (1 + profit_ratio / 100).
CREATE TABLE micro_seconds (
  id SERIAL PRIMARY KEY,
  seconds INTEGER NOT NULL UNIQUE,
  -- 1 enabled, 0 disabled
  status SMALLINT NOT NULL DEFAULT 1,
  profit_ratio NUMERIC(36,18) NOT NULL
);
INSERT INTO micro_seconds (seconds, status, profit_ratio) VALUES
  (30, 1, 120),
  (60, 1, 90),
  (180, 1, 95),
  (300, 1, 85),
  (600, 1, 80),
  (900, 1, 75);

-- micro_trade_fee: percent of the stake, charged up front, never returned; micro_min is also
-- the step (the stake is a multiple of it); micro_holdtrade_max: open orders at a time;
-- micro_numbers: the preset stakes the panel offers (comma separated).
ALTER TABLE currencies ADD COLUMN micro_trade_fee NUMERIC(36,18) NOT NULL DEFAULT 0;
ALTER TABLE currencies ADD COLUMN micro_min NUMERIC(36,18) NOT NULL DEFAULT 10;
ALTER TABLE currencies ADD COLUMN micro_max NUMERIC(36,18) NOT NULL DEFAULT 10000;
ALTER TABLE currencies ADD COLUMN micro_holdtrade_max INTEGER NOT NULL DEFAULT 10;
ALTER TABLE currencies ADD COLUMN micro_numbers TEXT NOT NULL DEFAULT '10,50,100,500,1000';
UPDATE currencies SET micro_trade_fee = 1 WHERE name = 'USDT';

-- type 1 up, 2 down; status 1 trading, 3 finished; profit_result -1 loss, 0 draw (or not yet
-- settled), 1 win; fact_profits: +stake × ratio / 100, 0 or -stake. handled_at is the expiry.
CREATE TABLE micro_orders (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  match_id INTEGER NOT NULL REFERENCES currency_matches(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  type SMALLINT NOT NULL,
  seconds INTEGER NOT NULL,
  number NUMERIC(36,18) NOT NULL,
  open_price NUMERIC(36,18) NOT NULL,
  end_price NUMERIC(36,18) NOT NULL,
  profit_ratio NUMERIC(36,18) NOT NULL,
  fee NUMERIC(36,18) NOT NULL,
  status SMALLINT NOT NULL DEFAULT 1,
  profit_result SMALLINT NOT NULL DEFAULT 0,
  fact_profits NUMERIC(36,18) NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL,
  handled_at TIMESTAMPTZ NOT NULL,
  complete_at TIMESTAMPTZ,
  client_id TEXT,
  UNIQUE (user_id, client_id)
);
CREATE INDEX micro_orders_user_idx ON micro_orders (user_id, status, id);
CREATE INDEX micro_orders_due_idx ON micro_orders (status, handled_at);
