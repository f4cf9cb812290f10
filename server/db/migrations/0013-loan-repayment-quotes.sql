-- Repayment quotes (issue 20, ADR 0023): what the repayment dialog shows is what is recorded.
-- A quote fixes, for one loan and one coin, the USDT owed, the coin's USDT price (1 for USDT),
-- the amount to send (BTC and ETH: owed ÷ price rounded up to 6 decimals) and the collection
-- address, until `expires_at`. A repayment names its quote and records the quote's figures; a
-- quote is used once (`used_at`).
CREATE TABLE loan_repayment_quotes (
  id SERIAL PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES loan_orders(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  coin TEXT NOT NULL,
  address TEXT NOT NULL,
  repayment_amount NUMERIC(36,18) NOT NULL,
  price NUMERIC(36,18) NOT NULL,
  amount NUMERIC(36,18) NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  CHECK (coin IN ('btc', 'eth', 'usdt_erc20', 'usdt_trc20')),
  CHECK (price > 0 AND amount > 0),
  CHECK (expires_at > created_at)
);
CREATE INDEX loan_repayment_quotes_order_idx ON loan_repayment_quotes (order_id, id);

-- The quote a repayment was filed with (NULL for repayments filed before quotes existed).
ALTER TABLE loan_repayments ADD COLUMN quote_id INTEGER REFERENCES loan_repayment_quotes(id);
CREATE UNIQUE INDEX loan_repayments_quote_idx ON loan_repayments (quote_id)
  WHERE quote_id IS NOT NULL;
