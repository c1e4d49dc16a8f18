-- The desk's default order is newest first with the id breaking ties. The status and date
-- indexes end in the order's time, so a page had to read and sort every matching order (all
-- their columns) to keep 50: the id after the time lets a page walk the index in order and
-- stop at its last row, while the count is still an index-only scan.
DROP INDEX orders_client_idx;
CREATE INDEX orders_client_idx ON orders (client_id, ordered_at, id) INCLUDE (search_text);
DROP INDEX orders_client_status_idx;
CREATE INDEX orders_client_status_idx ON orders (client_id, status, ordered_at, id) INCLUDE (search_text);
