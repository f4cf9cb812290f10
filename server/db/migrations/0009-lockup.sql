-- Lock-up savings (issue 9, api-contract §10): products (amount tiers per currency with a term
-- in days and a DAILY interest rate in percent), the users' deposit orders (at most one running
-- order per user and currency: a new deposit in that currency is added to it), and the per-day
-- interest log. Days are UTC calendar days; start_at, end_at and settled_to are midnights (UTC).
-- Setting `cancel_deposit_fee`: the early-cancel fee in percent of lock_amount.

CREATE TABLE lh_deposit_config (
  id SERIAL PRIMARY KEY,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  save_min NUMERIC(36,18) NOT NULL,
  save_max NUMERIC(36,18) NOT NULL,
  -- the term in days
  day INTEGER NOT NULL,
  -- daily percent: 0.05 means 0.05 % a day
  interest_rate NUMERIC(36,18) NOT NULL,
  -- the amount on offer (0: unlimited) and the amount deposited into this product so far; the
  -- product card's progress (tempo) is sold / quota
  quota NUMERIC(36,18) NOT NULL DEFAULT 0,
  sold NUMERIC(36,18) NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0,
  CHECK (save_min > 0 AND save_max >= save_min),
  CHECK (day > 0),
  CHECK (interest_rate >= 0),
  CHECK (quota >= 0 AND sold >= 0)
);
CREATE INDEX lh_deposit_config_currency_idx ON lh_deposit_config (currency_id);

CREATE TABLE lh_deposit_orders (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  -- the product first bought (the tier of later additions and compounding may differ)
  config_id INTEGER NOT NULL REFERENCES lh_deposit_config(id),
  -- principal + compounded interest − interest withdrawn
  amount NUMERIC(36,18) NOT NULL,
  -- the principal deposited
  lock_amount NUMERIC(36,18) NOT NULL,
  -- interest_rate / 100 of the current tier
  day_rate NUMERIC(36,18) NOT NULL,
  day INTEGER NOT NULL,
  total_interest NUMERIC(36,18) NOT NULL DEFAULT 0,
  withdraw_amount NUMERIC(36,18) NOT NULL DEFAULT 0,
  start_at TIMESTAMPTZ NOT NULL,
  end_at TIMESTAMPTZ NOT NULL,
  -- interest is credited for every day before this midnight
  settled_to TIMESTAMPTZ NOT NULL,
  -- 1 running, 2 ended
  status SMALLINT NOT NULL DEFAULT 1,
  is_cancel SMALLINT NOT NULL DEFAULT 0,
  cancel_fee NUMERIC(36,18) NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ,
  CHECK (status IN (1, 2)),
  CHECK (amount >= lock_amount AND lock_amount > 0)
);
CREATE INDEX lh_deposit_orders_user_idx ON lh_deposit_orders (user_id, status);
CREATE INDEX lh_deposit_orders_due_idx ON lh_deposit_orders (status, settled_to);
CREATE UNIQUE INDEX lh_deposit_orders_running_idx ON lh_deposit_orders (user_id, currency_id)
  WHERE status = 1;

CREATE TABLE lh_deposit_interest_log (
  id SERIAL PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES lh_deposit_orders(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  -- the midnight (UTC) starting the day the interest is for
  day TIMESTAMPTZ NOT NULL,
  -- the order's amount the interest was computed on, the rate, the interest
  amount NUMERIC(36,18) NOT NULL,
  day_rate NUMERIC(36,18) NOT NULL,
  interest NUMERIC(36,18) NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  UNIQUE (order_id, day)
);

-- Amount tiers per currency (inclusive ranges; at a shared bound the higher tier applies).
INSERT INTO lh_deposit_config (currency_id, save_min, save_max, day, interest_rate, quota, sort) VALUES
  (1, 100, 5000, 7, 0.05, 2000000, 1),
  (1, 5000, 50000, 30, 0.08, 5000000, 2),
  (1, 50000, 500000, 90, 0.12, 20000000, 3),
  (2, 0.01, 1, 15, 0.03, 50, 4),
  (2, 1, 10, 60, 0.05, 200, 5),
  (3, 0.1, 10, 15, 0.04, 1000, 6),
  (3, 10, 200, 60, 0.06, 5000, 7);

INSERT INTO settings (key, value) VALUES ('cancel_deposit_fee', '2');
