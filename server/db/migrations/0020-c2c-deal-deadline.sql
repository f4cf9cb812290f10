-- A c2c deal's payment deadline is fixed when the deal is taken (ADR 0051). It was computed from
-- the window setting at each look, so an operator who shortened the window cancelled open deals
-- at once and moved the deadline their buyers had been shown, a buyer who had already sent the
-- money among them. Existing deals keep the deadline they were shown: created_at plus the window
-- in force now (the default 15 minutes when the setting is unset or not a positive number).
ALTER TABLE c2c_deals ADD COLUMN pay_deadline TIMESTAMPTZ;
UPDATE c2c_deals SET pay_deadline = created_at + COALESCE(
  (SELECT CASE WHEN value ~ '^[0-9]+(\.[0-9]+)?$'
               THEN CASE WHEN value::numeric > 0 THEN value::numeric END END
   FROM settings WHERE key = 'user_legal_deal_cancel_time'),
  15) * interval '1 minute';
ALTER TABLE c2c_deals ALTER COLUMN pay_deadline SET NOT NULL;
DROP INDEX c2c_deals_open_idx;
CREATE INDEX c2c_deals_open_idx ON c2c_deals (is_sure, pay_deadline);
