-- A payment session never spent on an order is forgotten a day after it expires (the charge
-- sweep deletes it, a batch at a time), so a shopper opening payment after payment leaves no
-- lasting rows. This index finds those sessions without reading the captured ones orders keep.
CREATE INDEX payment_sessions_unspent_expiry_idx ON payment_sessions (expires_at)
  WHERE status <> 'captured';
