-- Mockups: a template holds blank product photos (a white tee's front, its back…), each with
-- the print area of one design side in the photo's own pixels. A product made from the
-- template gets its designs composited onto them; those mockups are the listing's main
-- images, kept apart from the product's own images (which the seller edits) so that
-- rendering never touches what the seller chose, and the print files stay for fulfilment.
CREATE TABLE template_mockup_blanks (
    id           TEXT NOT NULL,
    client_id    TEXT NOT NULL,
    template_id  TEXT NOT NULL,
    side         TEXT NOT NULL,      -- FRONT, BACK, SLEEVE, HOOD: the design it shows
    image_url    TEXT NOT NULL,      -- an upload of the client: {PUBLIC_URL}/uploads/{client}/…
    width        INTEGER NOT NULL,   -- the photo's size in pixels, read from the file on save
    height       INTEGER NOT NULL,
    print_x      INTEGER NOT NULL,   -- the print area, in the photo's pixels
    print_y      INTEGER NOT NULL,
    print_width  INTEGER NOT NULL,
    print_height INTEGER NOT NULL,
    position     INTEGER NOT NULL,   -- the mockups' order on the marketplace
    created_at   TEXT NOT NULL,
    CONSTRAINT template_mockup_blanks_pkey PRIMARY KEY (id),
    CONSTRAINT template_mockup_blanks_client_fk FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE CASCADE,
    CONSTRAINT template_mockup_blanks_template_fk FOREIGN KEY (template_id) REFERENCES product_templates (id) ON DELETE CASCADE,
    CONSTRAINT template_mockup_blanks_area_check CHECK (print_x >= 0 AND print_y >= 0 AND print_width > 0 AND print_height > 0
        AND print_x + print_width <= width AND print_y + print_height <= height)
);
CREATE INDEX template_mockup_blanks_template_idx ON template_mockup_blanks (template_id, position);

-- The rendered mockups of a product (a JSON array of upload URLs, in the blanks' order) and
-- the hash of what they were rendered from (blanks, print areas, design URLs, renderer
-- version): equal hashes mean they are current and nothing is rendered again.
ALTER TABLE products ADD COLUMN mockup_images TEXT NOT NULL DEFAULT '[]';
ALTER TABLE products ADD COLUMN mockup_hash TEXT;
