-- Spot conditional orders (issue 44, ADR 0052): a stop or take-profit order waits, its funds
-- reserved (moved from change_balance to lock_change_balance), until the pair's last trade price
-- reaches its trigger; then it places a limit or market order once, in the order the waiting
-- orders were placed.
-- side: 'in' (buy) | 'out' (sell); kind: 'stop_limit' | 'stop_market' | 'tp_limit' | 'tp_market';
-- price: the limit of the limit kinds (NULL for the market kinds); reserved: what is held in
-- reserve_currency while it waits; status: 0 waiting, 1 triggered (order_id: the order it
-- placed), 2 cancelled, 3 refused when it triggered (reason: a server message id, e.g.
-- spot.insufficient, with reason_values as JSON).
CREATE TABLE spot_triggers (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  match_id INTEGER NOT NULL REFERENCES currency_matches(id),
  side TEXT NOT NULL,
  kind TEXT NOT NULL,
  trigger_price NUMERIC(36,18) NOT NULL,
  price NUMERIC(36,18),
  number NUMERIC(36,18) NOT NULL,
  reserve_currency INTEGER NOT NULL,
  reserved NUMERIC(36,18) NOT NULL,
  status SMALLINT NOT NULL DEFAULT 0,
  order_id INTEGER,
  reason TEXT NOT NULL DEFAULT '',
  reason_values TEXT NOT NULL DEFAULT '{}',
  client_id TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX spot_triggers_waiting_idx ON spot_triggers (status, match_id, id);
CREATE INDEX spot_triggers_user_idx ON spot_triggers (user_id, status, id);
CREATE UNIQUE INDEX spot_triggers_client_idx ON spot_triggers (user_id, client_id);
