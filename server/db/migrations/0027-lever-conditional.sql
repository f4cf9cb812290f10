-- Contracts: conditional entry orders (issue 44, ADR 0065). A pending order (status 0) with a
-- trigger waits until the price it watches (trigger_by) reaches stop_price, moving the way
-- stop_dir says (1: rises to it, 2: falls to it). Then a stop-market (stop_market 1) opens at the
-- mark with its margin and fee figured again at that mark; a stop-limit becomes an ordinary limit
-- order at its price. stop_state: 0 no trigger, 1 waiting, 2 triggered, 3 refused when triggered
-- (the funds no longer paid for it at the mark).
ALTER TABLE lever_transactions
  ADD COLUMN stop_price NUMERIC(36, 18) NOT NULL DEFAULT 0,
  ADD COLUMN stop_dir SMALLINT NOT NULL DEFAULT 0,
  ADD COLUMN stop_market SMALLINT NOT NULL DEFAULT 0,
  ADD COLUMN stop_state SMALLINT NOT NULL DEFAULT 0;
