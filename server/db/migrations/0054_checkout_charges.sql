-- The checkout's ledger of money: one row per checkout key, written before the payment is
-- taken and moved by whoever settles it. The order's write and a refund each claim the row
-- (`ordered` or `refunding`) in the statement that acts on it, so of an order still being
-- written and a refund of the same charge only one can win; before, a refusal and an order
-- were rows of two tables and a same-key order could be written after its charge was returned.
-- A charge whose order was never written (`charged`) is returned by the server's sweep once
-- it has waited long enough for the shopper to send the checkout again; one whose provider
-- never answered (`charging`) is logged once for the shop (`unknown`)
-- (server/features/orders/README.md). The row outlives the account: the money does.
-- Deploy it with no process of the release before still serving (docs/deploy.md): those write
-- orders and refusals the ledger would not know of.
--
-- A charge's states, and what moves it (server/features/orders/order.repository.ts):
--   charging  -> declined   a decline, once every submit that asked the provider was declined
--             -> ordered    the order's write (placeOrder), in its own statement
--             -> charged    a failure after the charge (markCharged), its reference kept
--             -> refunding  a refusal's refund (claimRefund)
--             -> unknown    the sweep, left 30 minutes: never answered, logged for the shop
--   declined  -> charging   the checkout sent again (openCharge); then as charging
--   charged   -> ordered    the checkout sent again, or -> refunding (a refusal, or the sweep)
--   refunding -> refunded   the provider's answer (markRefunded); the sweep asks again if not
--   any unsettled row an order holds after all -> ordered (the sweep, settleOrdered)
--   ordered, refunded and unknown are final.
CREATE TABLE checkout_charges (
  user_id integer NOT NULL,
  idempotency_key text NOT NULL,
  state text NOT NULL CHECK (state IN ('charging', 'declined', 'charged', 'ordered', 'refunding',
                                       'refunded', 'unknown')),
  -- Null only on refusals recorded before this table (refused_checkouts), refunded then.
  amount_cents integer CHECK (amount_cents > 0),
  payment_method text,
  order_number text,
  -- What the provider answered the charge with; null until it did.
  reference text,
  -- Submits of this key that asked the provider and were not declined: a decline leaves the
  -- charge `declined` only when none is left, so it never hides another submit's charge.
  undeclined integer NOT NULL DEFAULT 1 CHECK (undeclined >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, idempotency_key),
  CHECK (state IN ('charging', 'declined', 'refunded', 'unknown') OR reference IS NOT NULL),
  CHECK (state = 'refunded' OR amount_cents IS NOT NULL)
);

-- The sweep's walk: the few charges not settled yet, oldest first.
CREATE INDEX checkout_charges_unsettled_idx ON checkout_charges (changed_at)
  WHERE state IN ('charging', 'charged', 'refunding');

INSERT INTO checkout_charges (user_id, idempotency_key, state, undeclined, created_at, changed_at)
SELECT user_id, idempotency_key, 'refunded', 0, refused_at, refused_at FROM refused_checkouts;

DROP TABLE refused_checkouts;
