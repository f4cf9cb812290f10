-- Leveraged contracts (issue 7, api-contract §5, ADR 0015): multiples and hand presets per
-- currency, the settings of the risk engine, percent spreads, client ids for idempotent
-- submissions, and the day the overnight fee was last charged.

CREATE TABLE lever_multiples (
  id SERIAL PRIMARY KEY,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  -- 1 multiple, 2 hand preset
  type SMALLINT NOT NULL,
  value INTEGER NOT NULL,
  UNIQUE (currency_id, type, value)
);
INSERT INTO lever_multiples (currency_id, type, value)
  SELECT c.id, 1, m.v FROM currencies c CROSS JOIN (VALUES (5), (10), (20), (50), (100)) AS m(v);
INSERT INTO lever_multiples (currency_id, type, value)
  SELECT c.id, 2, m.v FROM currencies c CROSS JOIN (VALUES (1), (5), (10), (20), (50)) AS m(v);

INSERT INTO settings (key, value) VALUES
  ('lever_burst_hazard_rate', '10'),
  ('open_lever_entrust', '1'),
  ('user_set_stopprice', '1'),
  ('lever_overnight_day', '');

-- Spread is a percent of the price (spec §5 cost rules); fee and overnight are percents too.
UPDATE currency_matches SET spread = 0.01, lever_trade_fee = 0.1, overnight = 0.05,
  lever_min_share = 1, lever_max_share = 500;

ALTER TABLE lever_transactions ADD COLUMN client_id TEXT;
ALTER TABLE lever_transactions ADD COLUMN match_id INTEGER REFERENCES currency_matches(id);
ALTER TABLE lever_transactions ADD COLUMN settled SMALLINT NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX lever_transactions_client_idx ON lever_transactions (user_id, client_id);
CREATE INDEX lever_transactions_open_idx ON lever_transactions (status, match_id);
