-- The seeded currencies take the legacy ids (api-contract decision 11, issue 21): BTC 1, ETH 2,
-- USDT 3, as in the legacy data, whose client and risk code assume USDT = 3. Bourse seeded
-- USDT 1, BTC 2, ETH 3 (0002); this renumbers those three and every column that holds a
-- currency id, in a database freshly seeded and in one that has run for a while alike. It acts
-- only while all three still carry the old seed ids, so it never touches an operator's own
-- numbering. The server finds USDT by name, never by id.
--
-- A permutation cannot be applied in place (the primary key and the unique pairs would collide
-- row by row), so each column goes old -> -new -> new. The foreign keys are dropped for the
-- duration and added back unchanged.
CREATE TEMP TABLE legacy_currency_ids ON COMMIT DROP AS
  SELECT c.id AS old_id, m.new_id
  FROM currencies c
  JOIN (VALUES ('BTC', 1), ('ETH', 2), ('USDT', 3)) AS m(name, new_id) ON m.name = c.name
  WHERE (SELECT count(*) FROM currencies
         WHERE (name = 'USDT' AND id = 1) OR (name = 'BTC' AND id = 2) OR (name = 'ETH' AND id = 3)) = 3;

ALTER TABLE currency_matches DROP CONSTRAINT currency_matches_legal_id_fkey;
ALTER TABLE currency_matches DROP CONSTRAINT currency_matches_currency_id_fkey;
ALTER TABLE users_wallet DROP CONSTRAINT users_wallet_currency_id_fkey;
ALTER TABLE account_log DROP CONSTRAINT account_log_currency_id_fkey;
ALTER TABLE deposit_addresses DROP CONSTRAINT deposit_addresses_currency_id_fkey;
ALTER TABLE withdraw_addresses DROP CONSTRAINT withdraw_addresses_currency_id_fkey;
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_currency_id_fkey;
ALTER TABLE deposits DROP CONSTRAINT deposits_currency_id_fkey;
ALTER TABLE lever_transactions DROP CONSTRAINT lever_transactions_currency_fkey;
ALTER TABLE lever_transactions DROP CONSTRAINT lever_transactions_legal_fkey;
ALTER TABLE micro_orders DROP CONSTRAINT micro_orders_currency_id_fkey;
ALTER TABLE lever_multiples DROP CONSTRAINT lever_multiples_currency_id_fkey;
ALTER TABLE c2c_ads DROP CONSTRAINT c2c_ads_currency_id_fkey;
ALTER TABLE lh_deposit_config DROP CONSTRAINT lh_deposit_config_currency_id_fkey;
ALTER TABLE lh_deposit_orders DROP CONSTRAINT lh_deposit_orders_currency_id_fkey;
ALTER TABLE loan_orders DROP CONSTRAINT loan_orders_currency_id_fkey;

UPDATE currencies SET id = -m.new_id FROM legacy_currency_ids m WHERE currencies.id = m.old_id;
UPDATE currencies SET id = -id WHERE id < 0;
UPDATE currency_matches SET legal_id = -m.new_id FROM legacy_currency_ids m WHERE currency_matches.legal_id = m.old_id;
UPDATE currency_matches SET legal_id = -legal_id WHERE legal_id < 0;
UPDATE currency_matches SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE currency_matches.currency_id = m.old_id;
UPDATE currency_matches SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE users_wallet SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE users_wallet.currency_id = m.old_id;
UPDATE users_wallet SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE account_log SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE account_log.currency_id = m.old_id;
UPDATE account_log SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE deposit_addresses SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE deposit_addresses.currency_id = m.old_id;
UPDATE deposit_addresses SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE withdraw_addresses SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE withdraw_addresses.currency_id = m.old_id;
UPDATE withdraw_addresses SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE withdrawals SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE withdrawals.currency_id = m.old_id;
UPDATE withdrawals SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE deposits SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE deposits.currency_id = m.old_id;
UPDATE deposits SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE lever_transactions SET currency = -m.new_id FROM legacy_currency_ids m WHERE lever_transactions.currency = m.old_id;
UPDATE lever_transactions SET currency = -currency WHERE currency < 0;
UPDATE lever_transactions SET legal = -m.new_id FROM legacy_currency_ids m WHERE lever_transactions.legal = m.old_id;
UPDATE lever_transactions SET legal = -legal WHERE legal < 0;
UPDATE micro_orders SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE micro_orders.currency_id = m.old_id;
UPDATE micro_orders SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE lever_multiples SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE lever_multiples.currency_id = m.old_id;
UPDATE lever_multiples SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE c2c_ads SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE c2c_ads.currency_id = m.old_id;
UPDATE c2c_ads SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE lh_deposit_config SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE lh_deposit_config.currency_id = m.old_id;
UPDATE lh_deposit_config SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE lh_deposit_orders SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE lh_deposit_orders.currency_id = m.old_id;
UPDATE lh_deposit_orders SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE loan_orders SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE loan_orders.currency_id = m.old_id;
UPDATE loan_orders SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE spot_orders SET legal_id = -m.new_id FROM legacy_currency_ids m WHERE spot_orders.legal_id = m.old_id;
UPDATE spot_orders SET legal_id = -legal_id WHERE legal_id < 0;
UPDATE spot_orders SET currency_id = -m.new_id FROM legacy_currency_ids m WHERE spot_orders.currency_id = m.old_id;
UPDATE spot_orders SET currency_id = -currency_id WHERE currency_id < 0;
UPDATE transaction_complete SET currency = -m.new_id FROM legacy_currency_ids m WHERE transaction_complete.currency = m.old_id;
UPDATE transaction_complete SET currency = -currency WHERE currency < 0;
UPDATE transaction_complete SET legal = -m.new_id FROM legacy_currency_ids m WHERE transaction_complete.legal = m.old_id;
UPDATE transaction_complete SET legal = -legal WHERE legal < 0;

ALTER TABLE currency_matches ADD CONSTRAINT currency_matches_legal_id_fkey FOREIGN KEY (legal_id) REFERENCES currencies(id);
ALTER TABLE currency_matches ADD CONSTRAINT currency_matches_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE users_wallet ADD CONSTRAINT users_wallet_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE account_log ADD CONSTRAINT account_log_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE deposit_addresses ADD CONSTRAINT deposit_addresses_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE withdraw_addresses ADD CONSTRAINT withdraw_addresses_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE deposits ADD CONSTRAINT deposits_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE lever_transactions ADD CONSTRAINT lever_transactions_currency_fkey FOREIGN KEY (currency) REFERENCES currencies(id);
ALTER TABLE lever_transactions ADD CONSTRAINT lever_transactions_legal_fkey FOREIGN KEY (legal) REFERENCES currencies(id);
ALTER TABLE micro_orders ADD CONSTRAINT micro_orders_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE lever_multiples ADD CONSTRAINT lever_multiples_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE c2c_ads ADD CONSTRAINT c2c_ads_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE lh_deposit_config ADD CONSTRAINT lh_deposit_config_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE lh_deposit_orders ADD CONSTRAINT lh_deposit_orders_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
ALTER TABLE loan_orders ADD CONSTRAINT loan_orders_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies(id);
