-- Contracts (issue 44, ADR 0061): a reduce-only order (1) closes hands of the owner's positions on
-- the other side of its pair and never opens one; it holds no margin and pays no fee. A partial
-- close writes the hands it closed as a row of their own: split_from names the position they came
-- from.
ALTER TABLE lever_transactions
  ADD COLUMN reduce_only SMALLINT NOT NULL DEFAULT 0,
  ADD COLUMN split_from INTEGER;
