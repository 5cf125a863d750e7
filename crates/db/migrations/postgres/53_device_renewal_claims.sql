-- Auto-renewal (SPEC §8): the renewal job claims (serial, expiry) by
-- inserting its `device_renewals` row with status `claimed`; the order's own
-- transaction moves it to `ordered` only while the claim is still the one it
-- made (`claimed_at`), so one order per device and expiry whichever server
-- runs the job. A claim left by a server that stopped is taken over after
-- its lease. `failed` rows stay until the owner changes the setting.
ALTER TABLE device_renewals ADD COLUMN claimed_at BIGINT NOT NULL DEFAULT 0;
-- The job's scan: devices with auto-renewal on, by expiry.
CREATE INDEX devices_auto_renew_due ON devices (auto_renew, warranty_ends_at);
