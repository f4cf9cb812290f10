-- The token pre-sale (wallet-account-earn.md "Pre-sale page", GET /api/iepn; ADR 0018): the
-- figures are operator settings. The seed gives the spec's pie defaults: 1,802,560 issued of
-- 41,802,560, so 40,000,000 remain. The external links are empty until the operator sets them.
INSERT INTO settings (key, value) VALUES
  ('presale_name', 'BRS'),
  ('presale_total', '41802560'),
  ('presale_issued', '1802560'),
  ('presale_price', '0.25'),
  ('presale_start', '2026-11-01T00:00:00Z'),
  ('presale_end', '2027-02-28T23:59:59Z'),
  ('presale_site_url', ''),
  ('presale_whitepaper_url', '')
ON CONFLICT (key) DO NOTHING;
