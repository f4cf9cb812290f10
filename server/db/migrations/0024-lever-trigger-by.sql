-- The price a contract position's take profit and stop loss watch (issue 44, ADR 0059): the
-- mark (the default, and what every close settles at) or the pair's last trade.
ALTER TABLE lever_transactions ADD COLUMN trigger_by TEXT NOT NULL DEFAULT 'mark'
  CHECK (trigger_by IN ('mark', 'last'));
