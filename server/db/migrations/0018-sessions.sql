-- Several sessions per user (issue 41, ADR 0042): a login no longer ends the user's other tokens.
-- What the account page lists of each: when it was last used (written at most once a minute)
-- and the browser that opened it (the User-Agent header, cut to 256 characters).

ALTER TABLE tokens ADD COLUMN last_used_at TIMESTAMPTZ;
ALTER TABLE tokens ADD COLUMN user_agent TEXT;
