-- Listed currencies and their USDT pairs. DOT/USDT is listed but hidden (is_display = 0).
INSERT INTO currencies (id, name, full_name, is_legal, is_display, is_lever, is_micro, decimal_scale, sort) VALUES
  (1, 'USDT', 'Tether USD', 1, 1, 1, 1, 6, 1),
  (2, 'BTC', 'Bitcoin', 0, 1, 1, 1, 8, 2),
  (3, 'ETH', 'Ethereum', 0, 1, 1, 1, 8, 3),
  (4, 'LTC', 'Litecoin', 0, 1, 1, 1, 8, 4),
  (5, 'XRP', 'XRP', 0, 1, 1, 1, 6, 5),
  (6, 'DOGE', 'Dogecoin', 0, 1, 1, 1, 8, 6),
  (7, 'TRX', 'TRON', 0, 1, 1, 1, 6, 7),
  (8, 'BCH', 'Bitcoin Cash', 0, 1, 1, 1, 8, 8),
  (9, 'EOS', 'EOS', 0, 1, 1, 1, 4, 9),
  (10, 'ADA', 'Cardano', 0, 1, 1, 1, 6, 10),
  (11, 'DOT', 'Polkadot', 0, 1, 1, 1, 8, 11);

INSERT INTO currency_matches
  (id, legal_id, currency_id, is_display, open_lever, open_microtrade, lever_share_num, spread,
   overnight, lever_trade_fee, micro_trade_fee, sort, price_precision, amount_precision,
   ref_price, daily_volatility, minute_volume) VALUES
  (1, 1, 2, 1, 1, 1, 0.01, 0.0002, 0.0005, 0.001, 0.002, 1, 2, 4, 67000, 0.03, 4),
  (2, 1, 3, 1, 1, 1, 0.1, 0.0002, 0.0005, 0.001, 0.002, 2, 2, 3, 3500, 0.04, 45),
  (3, 1, 4, 1, 1, 1, 1, 0.0003, 0.0005, 0.001, 0.002, 3, 2, 2, 85, 0.045, 300),
  (4, 1, 5, 1, 1, 1, 100, 0.0003, 0.0005, 0.001, 0.002, 4, 4, 0, 0.52, 0.05, 150000),
  (5, 1, 6, 1, 1, 1, 1000, 0.0003, 0.0005, 0.001, 0.002, 5, 5, 0, 0.16, 0.06, 900000),
  (6, 1, 7, 1, 0, 1, 1000, 0.0003, 0.0005, 0.001, 0.002, 6, 5, 0, 0.12, 0.04, 700000),
  (7, 1, 8, 1, 1, 0, 1, 0.0003, 0.0005, 0.001, 0.002, 7, 2, 3, 450, 0.05, 60),
  (8, 1, 9, 1, 0, 0, 100, 0.0003, 0.0005, 0.001, 0.002, 8, 4, 1, 0.75, 0.055, 50000),
  (9, 1, 10, 1, 1, 1, 100, 0.0003, 0.0005, 0.001, 0.002, 9, 4, 0, 0.45, 0.05, 100000),
  (10, 1, 11, 0, 1, 1, 10, 0.0003, 0.0005, 0.001, 0.002, 10, 3, 2, 7.2, 0.05, 5000);
