-- A design is found again by its whole reference (product, external, seller product, variant),
-- each part compared through COALESCE; this index answers that lookup without walking the
-- client's designs, which made creating products from many designs quadratic.
CREATE INDEX product_designs_reference_idx ON product_designs (
    client_id, (COALESCE(product_id, '')), (COALESCE(external_product_id, '')), (COALESCE(seller_product_id, '')), (COALESCE(variant, ''))
);
