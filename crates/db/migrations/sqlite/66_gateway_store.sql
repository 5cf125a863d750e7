-- The test gateway keeps its tokens and intents in a file of its own beside
-- the store's (D127, `gateway_store`), which carried this file's rows over
-- before this migration ran. The store's file no longer holds them.
DROP TABLE gateway_intents;
DROP TABLE gateway_tokens;
