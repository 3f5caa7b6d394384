-- Sign-up asks whether the shop has an administrator yet (GET /api/user/register/admin). The
-- few admins sit among every shopper; this index finds one without reading them all.
CREATE INDEX users_admins_idx ON users (id) WHERE is_admin;
