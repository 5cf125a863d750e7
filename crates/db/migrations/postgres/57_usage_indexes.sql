-- The monitor finds an eSIM's last data bundle by its ICCID (newest first);
-- without this every eSIM on the page scanned every top-up in the store.
CREATE INDEX esim_topups_iccid ON esim_topups (iccid, created_at);
