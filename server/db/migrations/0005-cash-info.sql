-- Payout details (issue 6, used by c2c deals later): how the user wants to be paid. One row per
-- user, written by POST /api/user/cash_save; empty strings for the ways not given.

CREATE TABLE user_cash_info (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  real_name TEXT NOT NULL DEFAULT '',
  bank_name TEXT NOT NULL DEFAULT '',
  bank_account TEXT NOT NULL DEFAULT '',
  alipay_account TEXT NOT NULL DEFAULT '',
  wechat_nickname TEXT NOT NULL DEFAULT '',
  wechat_account TEXT NOT NULL DEFAULT '',
  updated_at TIMESTAMPTZ NOT NULL
);
