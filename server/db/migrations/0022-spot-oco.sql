-- OCO on spot (issue 44, ADR 0056): a conditional order may be the stop leg of a one-cancels-the-
-- other pair whose limit leg is the resting order oco_order_id. The pair holds what the dearer
-- leg needs once: the limit leg locks its own funds as any resting order, and the stop leg's row
-- reserves only what its order needs beyond that (reserved may be 0). When the limit leg fills,
-- even in part, the stop leg is cancelled in the same transaction (status 2, reason
-- spot.oco.limitFilled); when the stop is reached, the limit leg is cancelled in the transaction
-- that places the stop's order.
ALTER TABLE spot_triggers ADD COLUMN oco_order_id INTEGER;
CREATE INDEX spot_triggers_oco_idx ON spot_triggers (oco_order_id);
