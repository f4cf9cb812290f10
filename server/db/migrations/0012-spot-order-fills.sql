-- Issue 20: an order's own fills, found from the order (its filled quantity, average fill price
-- and fees in the order history and the entrust list) without scanning every fill of the user.
CREATE INDEX transaction_complete_taker_order_idx ON transaction_complete (taker_order_id);
CREATE INDEX transaction_complete_maker_order_idx ON transaction_complete (maker_order_id);
