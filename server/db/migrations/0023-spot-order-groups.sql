-- Scale orders (issue 44, ADR 0057): the legs of one scale order are ordinary resting orders
-- named by one group, the first leg's id; they are cancelled together by it.
ALTER TABLE spot_orders ADD COLUMN group_id INTEGER;
CREATE INDEX spot_orders_group_idx ON spot_orders (user_id, group_id);
