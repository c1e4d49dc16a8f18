-- Amazon and Walmart shops. Amazon connects by consent like TikTok (the selling partner id is
-- the shop's external id, its LWA tokens go in the token columns). Walmart connects by the
-- API key pair the seller creates in Seller Center: its client id names the seller account and
-- is the shop's external id; its client secret is sealed like a token.
ALTER TABLE shops ADD COLUMN api_secret_encrypted TEXT;

-- What each channel needs to list a product, next to TikTok's category and attributes:
-- Amazon's product type and its attributes (JSON object: attribute name -> value or values),
-- Walmart's category and item spec (JSON object: the MP_ITEM Visible fields of the category).
-- Templates carry them; applying a template copies them onto the product, as for TikTok.
ALTER TABLE product_templates ADD COLUMN amazon_product_type TEXT;
ALTER TABLE product_templates ADD COLUMN amazon_attributes TEXT;
ALTER TABLE product_templates ADD COLUMN walmart_category TEXT;
ALTER TABLE product_templates ADD COLUMN walmart_item_spec TEXT;
ALTER TABLE products ADD COLUMN amazon_product_type TEXT;
ALTER TABLE products ADD COLUMN amazon_attributes TEXT;
ALTER TABLE products ADD COLUMN walmart_category TEXT;
ALTER TABLE products ADD COLUMN walmart_item_spec TEXT;

