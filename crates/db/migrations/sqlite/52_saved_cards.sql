-- Saved cards (SPEC §8 auto-renewal): the test gateway keeps a token the
-- customer chose to save as reusable. A saved token is no longer single-use:
-- renewals authorise it off-session, again and again, until it is deleted.
ALTER TABLE gateway_tokens ADD COLUMN reusable INTEGER NOT NULL DEFAULT 0;
