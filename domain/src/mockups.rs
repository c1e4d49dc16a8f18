//! Mockups: the blank product photos a template holds (one print area per photo, in its own
//! pixels, for one design side) and the mockups rendered from them for a product. The
//! rendering itself is the jobs' (`jobs::mockups`); this module keeps the rows and decides what
//! a product's mockups are made of.
//!
//! A product's mockups live in `products.mockup_images`, apart from `product_images`: those
//! are the seller's, these are derived and replaced whenever their inputs change. The inputs'
//! hash (`products.mockup_hash`) tells whether the stored mockups are current.
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::Conn;
use crate::{DomainError, Result, Scope, ids, stored, time};

/// The design sides a product can have (`designFrontUrl`, `designBackUrl`, …).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum DesignSide {
    Front,
    Back,
    Sleeve,
    Hood,
}

impl DesignSide {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// How a seller reads it in a sentence.
    pub fn label(self) -> &'static str {
        match self {
            DesignSide::Front => "front",
            DesignSide::Back => "back",
            DesignSide::Sleeve => "sleeve",
            DesignSide::Hood => "hood",
        }
    }
}

/// Where the design goes on a blank photo, in the photo's pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrintArea {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

/// A blank photo of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blank {
    pub id: String,
    pub template_id: String,
    pub side: DesignSide,
    pub image_url: String,
    pub width: u32,
    pub height: u32,
    pub area: PrintArea,
    pub position: i64,
}

/// The most blanks a template holds: a marketplace shows at most 9 main images.
pub const MAX_BLANKS: usize = 9;
/// Blank photos from this size up to [`MAX_SIDE`] on each side: smaller ones make mockups
/// marketplaces refuse or show blurred, larger ones only cost memory when rendering.
pub const MIN_SIDE: u32 = 300;
pub const MAX_SIDE: u32 = 8000;

/// A blank as a seller gives it, its pixel size read from the uploaded file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBlank {
    pub side: DesignSide,
    pub image_url: String,
    pub width: u32,
    pub height: u32,
    /// Signed as sent, so that a negative offset is named rather than wrapped.
    pub x: i64,
    pub y: i64,
    pub area_width: i64,
    pub area_height: i64,
}

impl NewBlank {
    /// Checks the photo's size and that the print area lies inside it; the field named is
    /// `mockupBlanks.{index}.…` as the input names it.
    pub fn validate(&self, index: usize) -> Result<PrintArea> {
        let field = |name: &str| format!("mockupBlanks.{index}.{name}");
        let (w, h) = (self.width, self.height);
        if !(MIN_SIDE..=MAX_SIDE).contains(&w) || !(MIN_SIDE..=MAX_SIDE).contains(&h) {
            return Err(DomainError::bad_input(
                field("imageUrl"),
                format!("the photo is {w}×{h} px; each side must be {MIN_SIDE} to {MAX_SIDE} px"),
            ));
        }
        let inside = format!("the print area must lie inside the photo ({w}×{h} px)");
        if self.x < 0 {
            return Err(DomainError::bad_input(field("printArea.x"), inside));
        }
        if self.y < 0 {
            return Err(DomainError::bad_input(field("printArea.y"), inside));
        }
        if self.area_width < 1 {
            return Err(DomainError::bad_input(
                field("printArea.width"),
                "must be at least 1 px",
            ));
        }
        if self.area_height < 1 {
            return Err(DomainError::bad_input(
                field("printArea.height"),
                "must be at least 1 px",
            ));
        }
        if self.x + self.area_width > i64::from(w) {
            return Err(DomainError::bad_input(field("printArea.width"), inside));
        }
        if self.y + self.area_height > i64::from(h) {
            return Err(DomainError::bad_input(field("printArea.height"), inside));
        }
        // Each value is within 0..=MAX_SIDE by now.
        let px = |v: i64| u32::try_from(v).unwrap_or(0);
        Ok(PrintArea {
            x: px(self.x),
            y: px(self.y),
            width: px(self.area_width),
            height: px(self.area_height),
        })
    }
}

fn blank_of_row(row: &AnyRow) -> Result<Blank> {
    let px = |column: &str| -> Result<u32> {
        let v: i64 = row.try_get(column)?;
        u32::try_from(v)
            .map_err(|_| DomainError::Internal(format!("template_mockup_blanks.{column}: {v}")))
    };
    Ok(Blank {
        id: row.try_get("id")?,
        template_id: row.try_get("template_id")?,
        side: stored::column(row, "template_mockup_blanks", "side")?,
        image_url: row.try_get("image_url")?,
        width: px("width")?,
        height: px("height")?,
        area: PrintArea {
            x: px("print_x")?,
            y: px("print_y")?,
            width: px("print_width")?,
            height: px("print_height")?,
        },
        position: row.try_get("position")?,
    })
}

/// The blanks of a template of the caller's client, in their order; another client's
/// template is NOT_FOUND.
pub async fn blanks(conn: &mut Conn, scope: &Scope, template_id: &str) -> Result<Vec<Blank>> {
    if !ids::looks_like_id(template_id) {
        return Err(DomainError::NotFound("template"));
    }
    let rows = sqlx::query(
        "SELECT * FROM template_mockup_blanks WHERE template_id = $1 AND client_id = $2 ORDER BY position, id",
    )
    .bind(template_id)
    .bind(&scope.client_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(blank_of_row).collect()
}

/// Replaces a template's blanks with `blanks` (validated here), in their order. The template
/// must be the caller's client's. Run it in the transaction that saves the template.
pub async fn replace_blanks(
    conn: &mut Conn,
    scope: &Scope,
    template_id: &str,
    blanks: &[NewBlank],
) -> Result<Vec<Blank>> {
    if blanks.len() > MAX_BLANKS {
        return Err(DomainError::bad_input(
            "mockupBlanks",
            format!("at most {MAX_BLANKS} blank photos: a marketplace shows at most 9 images"),
        ));
    }
    let areas = blanks
        .iter()
        .enumerate()
        .map(|(i, b)| b.validate(i))
        .collect::<Result<Vec<_>>>()?;
    let found: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM product_templates WHERE id = $1 AND client_id = $2",
    )
    .bind(template_id)
    .bind(&scope.client_id)
    .fetch_one(&mut *conn)
    .await?;
    if found == 0 {
        return Err(DomainError::NotFound("template"));
    }
    sqlx::query("DELETE FROM template_mockup_blanks WHERE template_id = $1 AND client_id = $2")
        .bind(template_id)
        .bind(&scope.client_id)
        .execute(&mut *conn)
        .await?;
    let now = time::now_db();
    for (position, (blank, area)) in blanks.iter().zip(areas).enumerate() {
        sqlx::query(
            "INSERT INTO template_mockup_blanks (id, client_id, template_id, side, image_url, width, height,
                print_x, print_y, print_width, print_height, position, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .bind(ids::new_id())
        .bind(&scope.client_id)
        .bind(template_id)
        .bind(blank.side.as_str())
        .bind(blank.image_url.trim())
        .bind(i64::from(blank.width))
        .bind(i64::from(blank.height))
        .bind(i64::from(area.x))
        .bind(i64::from(area.y))
        .bind(i64::from(area.width))
        .bind(i64::from(area.height))
        .bind(position as i64)
        .bind(&now)
        .execute(&mut *conn)
        .await?;
    }
    self::blanks(conn, scope, template_id).await
}

/// A product's design files by side (the print files fulfilment sends), from its design.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrintFiles {
    pub front: Option<String>,
    pub back: Option<String>,
    pub sleeve: Option<String>,
    pub hood: Option<String>,
}

impl PrintFiles {
    pub fn of(&self, side: DesignSide) -> Option<&str> {
        match side {
            DesignSide::Front => self.front.as_deref(),
            DesignSide::Back => self.back.as_deref(),
            DesignSide::Sleeve => self.sleeve.as_deref(),
            DesignSide::Hood => self.hood.as_deref(),
        }
    }

    /// Every print file, to leave them out of a listing's images.
    pub fn all(&self) -> impl Iterator<Item = &str> {
        [&self.front, &self.back, &self.sleeve, &self.hood]
            .into_iter()
            .filter_map(|u| u.as_deref())
    }
}

/// One mockup to render: a blank and the design that goes on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    pub blank: Blank,
    pub design_url: String,
}

/// What a product's mockups are made of, and what they are now.
#[derive(Debug, Clone)]
pub struct ProductMockups {
    pub product_id: String,
    /// True when the product's template has blanks (whether or not a design fits them).
    pub has_blanks: bool,
    pub print_files: PrintFiles,
    /// In the blanks' order; blanks of a side the product has no design for are left out.
    pub pairings: Vec<Pairing>,
    /// The hash of `pairings` (with the renderer's version): the mockups' identity.
    pub hash: String,
    /// What is stored now.
    pub images: Vec<String>,
    pub stored_hash: Option<String>,
}

impl ProductMockups {
    /// The stored mockups were rendered from exactly these inputs.
    pub fn is_current(&self) -> bool {
        self.stored_hash.as_deref() == Some(self.hash.as_str())
            && self.images.len() == self.pairings.len()
    }
}

/// The hash that names a set of mockups: every input of the rendering, and `version`, the
/// renderer's (a change of how mockups are drawn renders them all again).
pub fn inputs_hash(pairings: &[Pairing], version: &str) -> String {
    let mut h = Sha256::new();
    h.update(version.as_bytes());
    for p in pairings {
        let b = &p.blank;
        let a = b.area;
        h.update(
            format!(
                "\n{}|{}|{}|{}x{}|{},{},{},{}|{}",
                b.id,
                b.side.as_str(),
                b.image_url,
                b.width,
                b.height,
                a.x,
                a.y,
                a.width,
                a.height,
                p.design_url
            )
            .as_bytes(),
        );
    }
    hex::encode(h.finalize())
}

fn json_list(row: &AnyRow, column: &str) -> Result<Vec<String>> {
    let text: String = row.try_get(column)?;
    serde_json::from_str(&text)
        .map_err(|e| DomainError::Internal(format!("products.{column}: {e}")))
}

/// A product's stored mockups (empty when none were rendered).
pub async fn images(conn: &mut Conn, scope: &Scope, product_id: &str) -> Result<Vec<String>> {
    let row = sqlx::query("SELECT mockup_images FROM products WHERE id = $1 AND client_id = $2")
        .bind(product_id)
        .bind(&scope.client_id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(DomainError::NotFound("product"))?;
    json_list(&row, "mockup_images")
}

/// What a product's mockups are made of: its template's blanks, paired with its designs by
/// side. `version` is the renderer's.
pub async fn of_product(
    conn: &mut Conn,
    scope: &Scope,
    product_id: &str,
    version: &str,
) -> Result<ProductMockups> {
    if !ids::looks_like_id(product_id) {
        return Err(DomainError::NotFound("product"));
    }
    let row = sqlx::query(
        "SELECT template_id, mockup_images, mockup_hash FROM products WHERE id = $1 AND client_id = $2",
    )
    .bind(product_id)
    .bind(&scope.client_id)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or(DomainError::NotFound("product"))?;
    let template_id: Option<String> = row.try_get("template_id")?;
    let images = json_list(&row, "mockup_images")?;
    let stored_hash: Option<String> = row.try_get("mockup_hash")?;
    let blanks = match &template_id {
        Some(t) => blanks(conn, scope, t).await?,
        None => Vec::new(),
    };
    // The product's own design (not a variant's): the one its template made it from.
    let design = sqlx::query(
        "SELECT design_front_url, design_back_url, design_sleeve_url, design_hood_url FROM product_designs
         WHERE product_id = $1 AND client_id = $2 ORDER BY (CASE WHEN variant IS NULL THEN 0 ELSE 1 END), created_at, id LIMIT 1",
    )
    .bind(product_id)
    .bind(&scope.client_id)
    .fetch_optional(&mut *conn)
    .await?;
    let print_files = match design {
        Some(d) => PrintFiles {
            front: d.try_get("design_front_url")?,
            back: d.try_get("design_back_url")?,
            sleeve: d.try_get("design_sleeve_url")?,
            hood: d.try_get("design_hood_url")?,
        },
        None => PrintFiles::default(),
    };
    let has_blanks = !blanks.is_empty();
    let pairings: Vec<Pairing> = blanks
        .into_iter()
        .filter_map(|blank| {
            let design_url = print_files.of(blank.side)?.to_owned();
            Some(Pairing { blank, design_url })
        })
        .collect();
    let hash = inputs_hash(&pairings, version);
    Ok(ProductMockups {
        product_id: product_id.to_owned(),
        has_blanks,
        print_files,
        pairings,
        hash,
        images,
        stored_hash,
    })
}

/// Records a product's rendered mockups and the hash they were rendered from. Writing the same
/// twice (two listing jobs of one product) leaves the same row.
pub async fn record(
    conn: &mut Conn,
    scope: &Scope,
    product_id: &str,
    images: &[String],
    hash: &str,
) -> Result<()> {
    let images = serde_json::to_string(images).map_err(|e| DomainError::Internal(e.to_string()))?;
    sqlx::query(
        "UPDATE products SET mockup_images = $1, mockup_hash = $2 WHERE id = $3 AND client_id = $4",
    )
    .bind(&images)
    .bind(hash)
    .bind(product_id)
    .bind(&scope.client_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank(x: i64, y: i64, w: i64, h: i64) -> NewBlank {
        NewBlank {
            side: DesignSide::Front,
            image_url: "http://h/uploads/c/blanks/a.png".into(),
            width: 1000,
            height: 1200,
            x,
            y,
            area_width: w,
            area_height: h,
        }
    }

    fn field(r: Result<PrintArea>) -> String {
        match r {
            Err(DomainError::BadInput { field, .. }) => field,
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn the_print_area_lies_inside_the_photo() {
        assert_eq!(
            blank(250, 300, 500, 600).validate(0).ok(),
            Some(PrintArea {
                x: 250,
                y: 300,
                width: 500,
                height: 600
            })
        );
        assert!(blank(0, 0, 1000, 1200).validate(0).is_ok());
        assert_eq!(
            field(blank(-1, 0, 10, 10).validate(2)),
            "mockupBlanks.2.printArea.x"
        );
        assert_eq!(
            field(blank(0, -5, 10, 10).validate(0)),
            "mockupBlanks.0.printArea.y"
        );
        assert_eq!(
            field(blank(600, 0, 401, 10).validate(0)),
            "mockupBlanks.0.printArea.width"
        );
        assert_eq!(
            field(blank(0, 0, 10, 1201).validate(1)),
            "mockupBlanks.1.printArea.height"
        );
        assert_eq!(
            field(blank(0, 0, 0, 10).validate(0)),
            "mockupBlanks.0.printArea.width"
        );
        let mut tiny = blank(0, 0, 10, 10);
        tiny.width = 120;
        assert_eq!(field(tiny.validate(0)), "mockupBlanks.0.imageUrl");
    }

    #[test]
    fn sides_are_stored_as_the_contract_spells_them() {
        crate::stored::assert_round_trip::<DesignSide>();
    }

    #[test]
    fn the_hash_changes_with_every_input() {
        let b = Blank {
            id: "b1".into(),
            template_id: "t".into(),
            side: DesignSide::Front,
            image_url: "u".into(),
            width: 1000,
            height: 1000,
            area: PrintArea {
                x: 1,
                y: 2,
                width: 3,
                height: 4,
            },
            position: 0,
        };
        let p = |b: Blank, d: &str| Pairing {
            blank: b,
            design_url: d.into(),
        };
        let base = inputs_hash(&[p(b.clone(), "d")], "1");
        assert_eq!(base, inputs_hash(&[p(b.clone(), "d")], "1"));
        assert_ne!(base, inputs_hash(&[p(b.clone(), "e")], "1"));
        assert_ne!(base, inputs_hash(&[p(b.clone(), "d")], "2"));
        let mut moved = b.clone();
        moved.area.x = 2;
        assert_ne!(base, inputs_hash(&[p(moved, "d")], "1"));
        assert_ne!(base, inputs_hash(&[], "1"));
    }
}
