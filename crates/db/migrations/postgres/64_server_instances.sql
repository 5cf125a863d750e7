-- Servers and the claims they hold (D115). Every serving process registers
-- a row here and beats its heart in it; a claim (a job's lease, an e-mail
-- being sent, an idempotency key in progress, a renewal) names the process
-- that holds it, so when a process dies another frees its claims in seconds
-- instead of waiting for each lease to run out. `host` is the kernel boot
-- and pid namespace the process ran in: a server on the same host can ask
-- the kernel whether that pid still lives.
CREATE TABLE server_instances (
    id TEXT PRIMARY KEY,
    host TEXT,
    pid BIGINT NOT NULL,
    started_at BIGINT NOT NULL,
    seen_at BIGINT NOT NULL
);

ALTER TABLE job_leases ADD COLUMN held_by TEXT;
ALTER TABLE email_outbox ADD COLUMN held_by TEXT;
ALTER TABLE idempotency_keys ADD COLUMN held_by TEXT;
ALTER TABLE device_renewals ADD COLUMN held_by TEXT;

-- Freeing a dead server's claims reads only the claims in progress.
CREATE INDEX idempotency_keys_held ON idempotency_keys (held_by) WHERE state = 'in_progress';
CREATE INDEX email_outbox_held ON email_outbox (held_by) WHERE status = 'queued';
