-- Pages of a client's catalogue are read newest first with the id as tie-break; with the id in
-- the index, the rows a deep page skips (and the total count) are read from the index alone.
DROP INDEX products_client_idx;
CREATE INDEX products_client_idx ON products (client_id, created_at, id);
