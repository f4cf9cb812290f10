-- Spot trading (issue 3): resting and finished orders, fills (the legacy transaction_complete),
-- per-pair spot fee, simulated accounts flag, currency descriptions.

ALTER TABLE currency_matches ADD COLUMN spot_fee NUMERIC(36,18) NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN is_simulated SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE currencies ADD COLUMN description TEXT NOT NULL DEFAULT '';

-- side: 'in' (buy) | 'out' (sell); mode: 1 market, 2 limit; status: 0 resting, 1 filled,
-- 2 cancelled. `number` is what remains, `total_number` what was ordered.
-- reply_id / reply_values: the localized reply of the first request (client_id idempotency).
CREATE TABLE spot_orders (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  match_id INTEGER NOT NULL REFERENCES currency_matches(id),
  legal_id INTEGER NOT NULL,
  currency_id INTEGER NOT NULL,
  side TEXT NOT NULL,
  price NUMERIC(36,18) NOT NULL,
  number NUMERIC(36,18) NOT NULL,
  total_number NUMERIC(36,18) NOT NULL,
  mode SMALLINT NOT NULL,
  status SMALLINT NOT NULL,
  client_id TEXT,
  reply_type TEXT NOT NULL DEFAULT 'ok',
  reply_id TEXT NOT NULL DEFAULT '',
  reply_values TEXT NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX spot_orders_user_idx ON spot_orders (user_id, side, status, id);
CREATE INDEX spot_orders_resting_idx ON spot_orders (status, match_id, id);
CREATE UNIQUE INDEX spot_orders_client_idx ON spot_orders (user_id, client_id);

-- One row per fill. way: the taker's direction (2 = buy, 1 = sell); user_id: the taker,
-- from_user_id: the maker (a simulated account or a user); create_time: unix seconds.
CREATE TABLE transaction_complete (
  id SERIAL PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES currency_matches(id),
  way SMALLINT NOT NULL,
  user_id INTEGER NOT NULL,
  from_user_id INTEGER NOT NULL,
  taker_order_id INTEGER,
  maker_order_id INTEGER,
  price NUMERIC(36,18) NOT NULL,
  number NUMERIC(36,18) NOT NULL,
  currency INTEGER NOT NULL,
  legal INTEGER NOT NULL,
  taker_fee NUMERIC(36,18) NOT NULL DEFAULT 0,
  maker_fee NUMERIC(36,18) NOT NULL DEFAULT 0,
  create_time INTEGER NOT NULL
);
CREATE INDEX transaction_complete_user_idx ON transaction_complete (user_id, id);
CREATE INDEX transaction_complete_from_idx ON transaction_complete (from_user_id, id);
CREATE INDEX transaction_complete_match_idx ON transaction_complete (match_id, id);

UPDATE currencies SET description = 'Tether USD (USDT) is a stablecoin that aims to keep a value of one US dollar.' WHERE id = 1;
UPDATE currencies SET description = 'Bitcoin (BTC) is the first decentralised digital currency, launched in 2009, with a fixed supply of 21 million coins.' WHERE id = 2;
UPDATE currencies SET description = 'Ethereum (ETH) is the native currency of a programmable blockchain for smart contracts.' WHERE id = 3;
UPDATE currencies SET description = 'Litecoin (LTC) is a peer-to-peer currency derived from Bitcoin, with faster blocks.' WHERE id = 4;
UPDATE currencies SET description = 'XRP is the native asset of the XRP Ledger, designed for fast settlement.' WHERE id = 5;
UPDATE currencies SET description = 'Dogecoin (DOGE) is a proof-of-work currency that started as a joke in 2013.' WHERE id = 6;
UPDATE currencies SET description = 'TRON (TRX) is the native currency of the TRON blockchain.' WHERE id = 7;
UPDATE currencies SET description = 'Bitcoin Cash (BCH) is a 2017 fork of Bitcoin with larger blocks.' WHERE id = 8;
UPDATE currencies SET description = 'EOS is the native currency of the EOS network for decentralised applications.' WHERE id = 9;
UPDATE currencies SET description = 'Cardano (ADA) is the native currency of a proof-of-stake blockchain.' WHERE id = 10;
UPDATE currencies SET description = 'Polkadot (DOT) is the native currency of a network connecting several blockchains.' WHERE id = 11;
