-- Accounts, sessions, verification codes, currencies and pairs, wallets with their ledger, news.
-- Money is NUMERIC(36,18); ids are INTEGER (both drivers read them as numbers).

CREATE TABLE users (
  id SERIAL PRIMARY KEY,
  account TEXT NOT NULL UNIQUE,
  email TEXT UNIQUE,
  phone TEXT UNIQUE,
  area_code TEXT,
  country_code TEXT,
  password_hash TEXT NOT NULL,
  extension_code TEXT NOT NULL UNIQUE,
  invited_by INTEGER REFERENCES users(id),
  is_seller SMALLINT NOT NULL DEFAULT 0,
  review_status SMALLINT NOT NULL DEFAULT 0,
  status SMALLINT NOT NULL DEFAULT 0,
  credit_score INTEGER NOT NULL DEFAULT 100,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE tokens (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX tokens_user_idx ON tokens (user_id);

-- target: the account the code was sent to (phone digits or e-mail, lower case);
-- purpose: register | forget | bind. Only the sha256 of the code is kept.
CREATE TABLE verification_codes (
  id SERIAL PRIMARY KEY,
  target TEXT NOT NULL,
  purpose TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  wrong_tries INTEGER NOT NULL DEFAULT 0,
  used BOOLEAN NOT NULL DEFAULT FALSE,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX verification_codes_target_idx ON verification_codes (target, purpose, created_at);

CREATE TABLE currencies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  full_name TEXT NOT NULL,
  logo TEXT NOT NULL DEFAULT '',
  is_legal SMALLINT NOT NULL DEFAULT 0,
  is_display SMALLINT NOT NULL DEFAULT 1,
  is_lever SMALLINT NOT NULL DEFAULT 0,
  is_micro SMALLINT NOT NULL DEFAULT 0,
  decimal_scale INTEGER NOT NULL DEFAULT 8,
  sort INTEGER NOT NULL DEFAULT 0
);

-- Trading pairs (api-contract §3.3 QuotationItem columns) and the simulator's parameters.
CREATE TABLE currency_matches (
  id INTEGER PRIMARY KEY,
  legal_id INTEGER NOT NULL REFERENCES currencies(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  is_display SMALLINT NOT NULL DEFAULT 1,
  open_transaction SMALLINT NOT NULL DEFAULT 1,
  open_lever SMALLINT NOT NULL DEFAULT 1,
  open_microtrade SMALLINT NOT NULL DEFAULT 1,
  lever_share_num NUMERIC(36,18) NOT NULL DEFAULT 1,
  spread NUMERIC(36,18) NOT NULL DEFAULT 0,
  overnight NUMERIC(36,18) NOT NULL DEFAULT 0,
  lever_trade_fee NUMERIC(36,18) NOT NULL DEFAULT 0,
  lever_min_share NUMERIC(36,18) NOT NULL DEFAULT 1,
  lever_max_share NUMERIC(36,18) NOT NULL DEFAULT 1000,
  fluctuate_min NUMERIC(36,18) NOT NULL DEFAULT 0,
  fluctuate_max NUMERIC(36,18) NOT NULL DEFAULT 0,
  micro_trade_fee NUMERIC(36,18) NOT NULL DEFAULT 0,
  market_from TEXT NOT NULL DEFAULT 'simulator',
  sort INTEGER NOT NULL DEFAULT 0,
  price_precision INTEGER NOT NULL,
  amount_precision INTEGER NOT NULL,
  ref_price NUMERIC(36,18) NOT NULL,
  daily_volatility NUMERIC(36,18) NOT NULL,
  minute_volume NUMERIC(36,18) NOT NULL,
  UNIQUE (legal_id, currency_id)
);

-- One row per user and currency; each sub-account has an available and a locked field.
CREATE TABLE users_wallet (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  legal_balance NUMERIC(36,18) NOT NULL DEFAULT 0,
  lock_legal_balance NUMERIC(36,18) NOT NULL DEFAULT 0,
  change_balance NUMERIC(36,18) NOT NULL DEFAULT 0,
  lock_change_balance NUMERIC(36,18) NOT NULL DEFAULT 0,
  lever_balance NUMERIC(36,18) NOT NULL DEFAULT 0,
  lock_lever_balance NUMERIC(36,18) NOT NULL DEFAULT 0,
  micro_balance NUMERIC(36,18) NOT NULL DEFAULT 0,
  lock_micro_balance NUMERIC(36,18) NOT NULL DEFAULT 0,
  UNIQUE (user_id, currency_id)
);

-- The ledger: every balance change is one row; a field always equals the sum of its deltas.
CREATE TABLE account_log (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  field TEXT NOT NULL,
  delta NUMERIC(36,18) NOT NULL,
  before NUMERIC(36,18) NOT NULL,
  after NUMERIC(36,18) NOT NULL,
  type INTEGER NOT NULL,
  memo TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX account_log_user_idx ON account_log (user_id, currency_id);

CREATE TABLE news (
  id SERIAL PRIMARY KEY,
  c_id INTEGER NOT NULL,
  lang TEXT NOT NULL,
  title TEXT NOT NULL,
  abstract TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  thumbnail TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL DEFAULT 0,
  update_time TIMESTAMPTZ NOT NULL
);
CREATE INDEX news_lang_idx ON news (lang, c_id);
