-- A user's notifications (issue 25, ADR 0034): what happened to the user's money, written in the
-- transaction of the action itself (so a committed fill has its notification, and a rolled-back
-- one has none), read by GET /api/user/notifications, pushed by the notification pump after
-- commit. `params` is a JSON object of strings checked against src/shared/notifications.ts.

CREATE TABLE user_notification (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  params TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  read_at TIMESTAMPTZ
);
CREATE INDEX user_notification_user ON user_notification (user_id, id);
CREATE INDEX user_notification_unread ON user_notification (user_id) WHERE read_at IS NULL;

-- What each group of notifications does on the page (toast, sound, the browser's notification).
CREATE TABLE user_notification_prefs (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  doc TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);

-- Price alerts: "notify me when BTC/USDT rises above / falls below X". A waiting alert has
-- fired_at NULL; the alert job fires it once (UPDATE … WHERE fired_at IS NULL) and writes the
-- notification in the same transaction.
CREATE TABLE price_alert (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  symbol TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('above', 'below')),
  price NUMERIC(36, 18) NOT NULL CHECK (price > 0),
  created_at TIMESTAMPTZ NOT NULL,
  fired_at TIMESTAMPTZ,
  fired_price NUMERIC(36, 18)
);
CREATE INDEX price_alert_waiting ON price_alert (symbol) WHERE fired_at IS NULL;
CREATE INDEX price_alert_user ON price_alert (user_id, id);
