-- A checkout whose write finds the cart changed after the payment was taken writes no order and
-- refunds the charge. Its idempotency key is then spent: the payment provider would answer that
-- key with the charge it has just returned, so a later submit with it is turned down before any
-- money moves (server/features/orders/README.md). Only refused keys are kept here; a key that
-- placed an order is on the order.
CREATE TABLE refused_checkouts (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  refused_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, idempotency_key)
);
