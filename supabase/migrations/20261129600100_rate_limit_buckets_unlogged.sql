-- Rate-limit counters are written on every API request. As a logged table each of those writes waited
-- for a WAL flush at commit, on the same hot rows for every client of one address or key; unlogged, the
-- write is a plain row update. The counters are one-minute windows: after a database crash the table
-- comes back empty, which only resets the current minute's counts.
ALTER TABLE rate_limit_buckets SET UNLOGGED;
