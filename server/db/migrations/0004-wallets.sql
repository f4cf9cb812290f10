-- Wallets and the account area (issue 6): exchange settings, per-currency funding rules,
-- deposit addresses, withdraw address book, withdrawals, deposit requests, uploads, identity
-- submissions, acceptors and their deals, region agents, and the lever records table whose
-- open rows block transfers out of the lever account (filled by issue 7).

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO settings (key, value) VALUES
  ('is_open_CTbi', '1'),
  ('ex_rate', '7.2'),
  ('company_eth_address', '0x5b0c6f3e1a9d2c47e8b1f0a6d3c9e2b7a4f81d06');

-- Funding rules per currency: networks offered for deposit and withdrawal (comma separated,
-- of erc20 trc20 omni btc eth bank), withdrawal min / single max / daily limit, fee percent.
ALTER TABLE currencies ADD COLUMN currency_type TEXT NOT NULL DEFAULT 'erc20';
ALTER TABLE currencies ADD COLUMN is_match SMALLINT NOT NULL DEFAULT 1;
ALTER TABLE currencies ADD COLUMN deposit_networks TEXT NOT NULL DEFAULT '';
ALTER TABLE currencies ADD COLUMN withdraw_networks TEXT NOT NULL DEFAULT '';
ALTER TABLE currencies ADD COLUMN min_number NUMERIC(36,18) NOT NULL DEFAULT 0;
ALTER TABLE currencies ADD COLUMN max_number NUMERIC(36,18) NOT NULL DEFAULT 0;
ALTER TABLE currencies ADD COLUMN day_limit NUMERIC(36,18) NOT NULL DEFAULT 0;
ALTER TABLE currencies ADD COLUMN withdraw_rate NUMERIC(36,18) NOT NULL DEFAULT 0;

UPDATE currencies SET currency_type = 'usdt', deposit_networks = 'erc20,trc20,omni',
  withdraw_networks = 'erc20,trc20,omni,bank', min_number = 10, max_number = 50000,
  day_limit = 100000, withdraw_rate = 0.5 WHERE name = 'USDT';
UPDATE currencies SET currency_type = 'btc', deposit_networks = 'btc', withdraw_networks = 'btc',
  min_number = 0.001, max_number = 5, day_limit = 10, withdraw_rate = 0.2 WHERE name = 'BTC';
UPDATE currencies SET currency_type = 'eth', deposit_networks = 'erc20', withdraw_networks = 'erc20',
  min_number = 0.01, max_number = 100, day_limit = 200, withdraw_rate = 0.3 WHERE name = 'ETH';
UPDATE currencies SET min_number = 1, max_number = 100000, day_limit = 200000, withdraw_rate = 0.5,
  withdraw_networks = 'erc20' WHERE name NOT IN ('USDT', 'BTC', 'ETH');

-- One address per user, currency and network, created on first request.
CREATE TABLE deposit_addresses (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  network TEXT NOT NULL,
  address TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL,
  UNIQUE (user_id, currency_id, network)
);

-- The user's withdraw address book.
CREATE TABLE withdraw_addresses (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  address TEXT NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX withdraw_addresses_user_idx ON withdraw_addresses (user_id, currency_id);

-- status: 0 applying (amount locked in the change account), 1 approved (sent), 2 rejected
-- (refunded). number = what leaves the account; fee = number × rate / 100; received = number - fee.
CREATE TABLE withdrawals (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  network TEXT NOT NULL,
  address TEXT NOT NULL DEFAULT '',
  real_name TEXT NOT NULL DEFAULT '',
  bank_name TEXT NOT NULL DEFAULT '',
  bank_address TEXT NOT NULL DEFAULT '',
  number NUMERIC(36,18) NOT NULL,
  rate NUMERIC(36,18) NOT NULL,
  fee NUMERIC(36,18) NOT NULL,
  received NUMERIC(36,18) NOT NULL,
  status SMALLINT NOT NULL DEFAULT 0,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  handled_at TIMESTAMPTZ
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id);

-- Deposit requests (charge_req): status 0 pending, 1 confirmed (credited), 2 rejected.
CREATE TABLE deposits (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  network TEXT NOT NULL DEFAULT '',
  amount NUMERIC(36,18) NOT NULL,
  source TEXT NOT NULL DEFAULT 'default',
  hash TEXT NOT NULL DEFAULT '',
  pic TEXT NOT NULL,
  status SMALLINT NOT NULL DEFAULT 0,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  handled_at TIMESTAMPTZ
);
CREATE INDEX deposits_user_idx ON deposits (user_id, id);
CREATE INDEX deposits_status_idx ON deposits (status, id);

-- Uploaded images (jpg / png, content checked), kept in the database; name is random.
CREATE TABLE uploads (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL UNIQUE,
  mime TEXT NOT NULL,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  data BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);

-- Identity (real name) submissions: status 1 under review, 2 approved, 3 rejected.
-- users.review_status follows the latest: 0 none or rejected, 1 under review, 2 approved.
CREATE TABLE identity_submissions (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  card_id TEXT NOT NULL,
  card_type SMALLINT NOT NULL,
  front_pic TEXT NOT NULL,
  reverse_pic TEXT NOT NULL,
  hand_pic TEXT NOT NULL,
  status SMALLINT NOT NULL DEFAULT 1,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  reviewed_at TIMESTAMPTZ
);
CREATE INDEX identity_submissions_user_idx ON identity_submissions (user_id, id);
ALTER TABLE users ADD COLUMN real_name TEXT NOT NULL DEFAULT '';

-- Acceptors: fiat agents who buy and sell USDT for CNY. recharge_rate / cash_rate: CNY per
-- USDT when a user buys (deposit) / sells (withdraw); recharge_amount / cash_amount: the
-- largest single deal in CNY; user_balance: the acceptor's USDT float.
CREATE TABLE acceptors (
  id SERIAL PRIMARY KEY,
  user_id INTEGER REFERENCES users(id),
  name TEXT NOT NULL,
  recharge_amount NUMERIC(36,18) NOT NULL,
  recharge_rate NUMERIC(36,18) NOT NULL,
  cash_amount NUMERIC(36,18) NOT NULL,
  cash_rate NUMERIC(36,18) NOT NULL,
  wechat_nickname TEXT NOT NULL DEFAULT '',
  wechat_account TEXT NOT NULL DEFAULT '',
  ali_nickname TEXT NOT NULL DEFAULT '',
  ali_account TEXT NOT NULL DEFAULT '',
  bank_name TEXT NOT NULL DEFAULT '',
  bank_account TEXT NOT NULL DEFAULT '',
  bank_address TEXT NOT NULL DEFAULT '',
  user_balance NUMERIC(36,18) NOT NULL DEFAULT 0,
  is_open SMALLINT NOT NULL DEFAULT 1
);
INSERT INTO acceptors (name, recharge_amount, recharge_rate, cash_amount, cash_rate,
  wechat_nickname, wechat_account, ali_nickname, ali_account, bank_name, bank_account,
  bank_address, user_balance) VALUES
  ('Harbour Exchange Desk', 50000, 7.25, 50000, 7.15, 'HarbourDesk', 'harbour_desk_01',
   'Harbour Desk', 'harbour.desk@example.com', 'Bank of Communications', '6222 0212 3456 7890',
   'Shanghai Pudong branch', 200000),
  ('North Gate OTC', 20000, 7.28, 20000, 7.12, 'NorthGate', 'northgate_otc', 'North Gate',
   'northgate@example.com', 'China Merchants Bank', '6225 8801 2345 6789', 'Beijing Chaoyang branch',
   80000);

-- type: buy (user pays CNY, receives USDT in the legal account) | sell (user's USDT locked,
-- acceptor pays CNY). is_sure: 0 waiting, 1 confirmed, 2 rejected. paid_at: the acceptor
-- marked a sell deal paid; the user confirms, or it confirms itself 20 minutes later.
CREATE TABLE acceptor_deals (
  id SERIAL PRIMARY KEY,
  acceptor_id INTEGER NOT NULL REFERENCES acceptors(id),
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  way TEXT NOT NULL,
  mobile TEXT NOT NULL,
  deal_account TEXT NOT NULL,
  money NUMERIC(36,18) NOT NULL,
  rate NUMERIC(36,18) NOT NULL,
  number NUMERIC(36,18) NOT NULL,
  is_sure SMALLINT NOT NULL DEFAULT 0,
  paid_at TIMESTAMPTZ,
  create_time TIMESTAMPTZ NOT NULL,
  update_time TIMESTAMPTZ NOT NULL
);
CREATE INDEX acceptor_deals_user_idx ON acceptor_deals (user_id, id);
CREATE INDEX acceptor_deals_open_idx ON acceptor_deals (is_sure, id);

-- Region agents: their region's users are the users they invited.
CREATE TABLE region_agents (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  city_name TEXT NOT NULL,
  district_name TEXT NOT NULL
);

-- Lever records (api-contract §5.2); issue 7 opens and settles them. Any row whose status is
-- not 3 (closed) or 4 (cancelled) blocks transfers out of the lever account.
CREATE TABLE lever_transactions (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type SMALLINT NOT NULL,
  currency INTEGER NOT NULL REFERENCES currencies(id),
  legal INTEGER NOT NULL REFERENCES currencies(id),
  origin_price NUMERIC(36,18) NOT NULL,
  price NUMERIC(36,18) NOT NULL,
  update_price NUMERIC(36,18) NOT NULL,
  target_profit_price NUMERIC(36,18) NOT NULL DEFAULT 0,
  stop_loss_price NUMERIC(36,18) NOT NULL DEFAULT 0,
  share NUMERIC(36,18) NOT NULL,
  number NUMERIC(36,18) NOT NULL,
  multiple INTEGER NOT NULL,
  origin_caution_money NUMERIC(36,18) NOT NULL,
  caution_money NUMERIC(36,18) NOT NULL,
  fact_profits NUMERIC(36,18) NOT NULL DEFAULT 0,
  trade_fee NUMERIC(36,18) NOT NULL DEFAULT 0,
  overnight NUMERIC(36,18) NOT NULL DEFAULT 0,
  overnight_money NUMERIC(36,18) NOT NULL DEFAULT 0,
  status SMALLINT NOT NULL,
  create_time INTEGER NOT NULL,
  transaction_time TIMESTAMPTZ,
  update_time TIMESTAMPTZ,
  handle_time TIMESTAMPTZ,
  complete_time TIMESTAMPTZ
);
CREATE INDEX lever_transactions_user_idx ON lever_transactions (user_id, status, id);
