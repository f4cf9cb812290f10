-- A contract position's trailing stop (issue 44, ADR 0060): its callback rate in % (0: none),
-- the price that activates it (0: active from the start) and the best price since it became
-- active (0: not yet), which the risk tick moves.
ALTER TABLE lever_transactions
  ADD COLUMN trail_rate NUMERIC(10, 4) NOT NULL DEFAULT 0,
  ADD COLUMN trail_activation NUMERIC(36, 18) NOT NULL DEFAULT 0,
  ADD COLUMN trail_peak NUMERIC(36, 18) NOT NULL DEFAULT 0;
