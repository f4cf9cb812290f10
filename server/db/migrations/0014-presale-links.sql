-- The pre-sale's links (issue 20 item 13, ADR 0025): the seeded BRS is this platform's own
-- token, so its website is this exchange's home page and its white paper the summary the
-- server writes from the pre-sale settings (GET /api/iepn/whitepaper, in the reader's
-- language). Only links still empty from the 0011 seed get these defaults; the operator
-- replaces them with `npm run admin -- set presale_site_url https://…` (or "" to hide one).
UPDATE settings SET value = '/' WHERE key = 'presale_site_url' AND value = '';
UPDATE settings SET value = '/api/iepn/whitepaper' WHERE key = 'presale_whitepaper_url' AND value = '';
