-- A checkout's idempotency key captures one payment session. Two checkouts sent with one key
-- and two sessions (the shopper closed the sheet after a failure and paid anew) could each
-- capture one and be charged twice; now the second capture fails, and that checkout pays with
-- the session the key took. A session captured twice with one key before this index keeps the
-- key with its id appended, for the shop to find.
UPDATE payment_sessions ps
   SET idempotency_key = ps.idempotency_key || '#' || ps.id
 WHERE ps.idempotency_key IS NOT NULL
   AND EXISTS (SELECT 1 FROM payment_sessions first
                WHERE first.user_id = ps.user_id AND first.idempotency_key = ps.idempotency_key
                  AND (first.created_at, first.id) < (ps.created_at, ps.id));
CREATE UNIQUE INDEX payment_sessions_user_key_idx ON payment_sessions (user_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
