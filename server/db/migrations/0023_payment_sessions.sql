-- A payment is approved by the shopper at the provider (PayPal's approval window, the Apple Pay
-- sheet) before the shop takes it. The server opens a session for the amount it computed from
-- the cart, the shopper approves or cancels it, and the checkout names the approved session.
-- The provider keeps its own record; this row is the shop's: whose it is, for how much, to which
-- address, and how far it got. A session pays for one checkout: capturing it records the
-- checkout's idempotency key, so only a retry of that checkout may use it again.
CREATE TABLE payment_sessions (
  id              text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{8,100}$'),
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  payment_method  text NOT NULL CHECK (payment_method IN ('paypal', 'apple_pay')),
  address_id      integer NOT NULL,
  amount_cents    integer NOT NULL CHECK (amount_cents > 0),
  status          text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'approved', 'cancelled', 'captured')),
  idempotency_key text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL
);
CREATE INDEX payment_sessions_user_idx ON payment_sessions (user_id, created_at);
