-- Error intake (SPEC §14): DSN keys, per-key quota windows, issues grouped by
-- fingerprint with their recent events, release health from sessions, and
-- transaction durations per route. Everything but keys ages out (retention).
CREATE TABLE intake_projects (
    id          BIGINT PRIMARY KEY,
    name        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);

CREATE TABLE intake_keys (
    public_key  TEXT PRIMARY KEY,
    project_id  BIGINT NOT NULL REFERENCES intake_projects (id),
    label       TEXT NOT NULL,
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  BIGINT NOT NULL
);

CREATE TABLE intake_quota (
    public_key    TEXT NOT NULL,
    window_start  BIGINT NOT NULL,
    accepted      BIGINT NOT NULL,
    PRIMARY KEY (public_key, window_start)
);

CREATE TABLE error_issues (
    id                TEXT PRIMARY KEY,
    project_id        BIGINT NOT NULL,
    fingerprint       TEXT NOT NULL,
    title             TEXT NOT NULL,
    culprit           TEXT,
    level             TEXT NOT NULL,
    exception_type    TEXT,
    first_seen        BIGINT NOT NULL,
    last_seen         BIGINT NOT NULL,
    event_count       BIGINT NOT NULL,
    user_count        BIGINT NOT NULL,
    first_release     TEXT,
    last_release      TEXT,
    last_environment  TEXT,
    UNIQUE (project_id, fingerprint)
);
CREATE INDEX error_issues_last_seen ON error_issues (last_seen);

CREATE TABLE error_issue_users (
    issue_id   TEXT NOT NULL REFERENCES error_issues (id) ON DELETE CASCADE,
    user_key   TEXT NOT NULL,
    last_seen  BIGINT NOT NULL,
    PRIMARY KEY (issue_id, user_key)
);

CREATE TABLE error_events (
    id           TEXT PRIMARY KEY,
    issue_id     TEXT NOT NULL REFERENCES error_issues (id) ON DELETE CASCADE,
    received_at  BIGINT NOT NULL,
    occurred_at  BIGINT NOT NULL,
    level        TEXT NOT NULL,
    release      TEXT,
    environment  TEXT,
    browser      TEXT,
    url          TEXT,
    trace_id     TEXT,
    user_key     TEXT,
    payload      TEXT NOT NULL
);
CREATE INDEX error_events_issue ON error_events (issue_id, received_at);
CREATE INDEX error_events_received ON error_events (received_at);

CREATE TABLE error_attachments (
    id            TEXT PRIMARY KEY,
    event_id      TEXT NOT NULL,
    filename      TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    size          BIGINT NOT NULL,
    body          BYTEA NOT NULL,
    received_at   BIGINT NOT NULL
);
CREATE INDEX error_attachments_event ON error_attachments (event_id);
CREATE INDEX error_attachments_received ON error_attachments (received_at);

CREATE TABLE intake_sessions (
    sid          TEXT PRIMARY KEY,
    release      TEXT NOT NULL,
    environment  TEXT NOT NULL,
    bucket       BIGINT NOT NULL,
    status       TEXT NOT NULL,
    errored      BIGINT NOT NULL DEFAULT 0,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX intake_sessions_updated ON intake_sessions (updated_at);

CREATE TABLE release_health (
    release      TEXT NOT NULL,
    environment  TEXT NOT NULL,
    bucket       BIGINT NOT NULL,
    total        BIGINT NOT NULL DEFAULT 0,
    errored      BIGINT NOT NULL DEFAULT 0,
    crashed      BIGINT NOT NULL DEFAULT 0,
    abnormal     BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (release, environment, bucket)
);

CREATE TABLE perf_transactions (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    op           TEXT,
    duration_ms  BIGINT NOT NULL,
    release      TEXT,
    environment  TEXT,
    trace_id     TEXT,
    received_at  BIGINT NOT NULL
);
CREATE INDEX perf_transactions_received ON perf_transactions (received_at);
CREATE INDEX perf_transactions_name ON perf_transactions (name, duration_ms);

CREATE TABLE intake_outcomes (
    reason    TEXT NOT NULL,
    category  TEXT NOT NULL,
    bucket    BIGINT NOT NULL,
    quantity  BIGINT NOT NULL,
    PRIMARY KEY (reason, category, bucket)
);
