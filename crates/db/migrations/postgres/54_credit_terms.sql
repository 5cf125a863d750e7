-- Credit terms managed by staff (SPEC §6, §15; D96): every ledger entry says
-- who made it, a Purchased entry carries the day its invoice falls due (the
-- terms in force when the order was placed, kept even if the terms change
-- later), and an order's settlements are found by its id.
ALTER TABLE credit_ledger ADD COLUMN actor TEXT NOT NULL DEFAULT '';
ALTER TABLE credit_ledger ADD COLUMN due_at BIGINT;
CREATE INDEX credit_ledger_order ON credit_ledger (order_id);
CREATE INDEX credit_ledger_due ON credit_ledger (kind, due_at);

-- Purchases made before this migration fall due by the account's current terms.
UPDATE credit_ledger
   SET due_at = created_at + 86400000 * COALESCE(
       (SELECT payment_terms_days FROM users WHERE users.id = credit_ledger.user_id), 30)
 WHERE kind = 'Purchased' AND due_at IS NULL;

-- Accounts given terms before the history recorded allocations get one now,
-- so their history opens with the limit they hold.
INSERT INTO credit_ledger (id, user_id, kind, amount_cents, order_id, note, created_at, actor)
SELECT 'crd_' || md5(random()::text || u.id), u.id, 'Allocated', u.credit_limit_cents, NULL,
       'Credit terms on record', u.created_at, 'system'
  FROM users u
 WHERE u.credit_limit_cents IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM credit_ledger l WHERE l.user_id = u.id AND l.kind = 'Allocated');
