-- A courier needs to know who takes the parcel and how to reach them, and many addresses need a
-- second line (flat, floor, suite). Addresses and the copy every order keeps gain all three.
--
-- Addresses saved before this have no phone and no second line: both stay null, and the shopper
-- is asked for the phone the next time they edit the address (the API requires the name and the
-- phone on every write). The recipient is filled from the account's own name where it has one,
-- since until now every parcel went to the account holder; otherwise it stays null too.
-- Past orders keep exactly what they were shipped with: their new columns stay null.
ALTER TABLE addresses
  ADD COLUMN recipient_name text CHECK (length(recipient_name) BETWEEN 1 AND 80),
  ADD COLUMN phone text CHECK (phone ~ '^\+?[0-9 ().-]{7,25}$'),
  ADD COLUMN street_address_2 text CHECK (length(street_address_2) BETWEEN 1 AND 120);

UPDATE addresses a
   SET recipient_name = left(btrim(concat_ws(' ', u.first_name, u.last_name)), 80)
  FROM users u
 WHERE u.id = a.user_id AND btrim(concat_ws(' ', u.first_name, u.last_name)) <> '';

ALTER TABLE orders
  ADD COLUMN ship_recipient_name text,
  ADD COLUMN ship_phone text,
  ADD COLUMN ship_street_address_2 text;
