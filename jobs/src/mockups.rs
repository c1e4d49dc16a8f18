//! Mockups: a product's designs drawn onto its template's blank photos, server-side, with the
//! `image` crate. The design is scaled to fit inside the blank's print area keeping its aspect
//! ratio, centred there, and alpha-composited over the photo; the result is a JPEG (what
//! marketplaces take, and a tenth of a PNG's size for a photo) kept through the storage port
//! under `uploads/{client}/mockups/…`, so it is served like any upload, from the local directory
//! or the bucket.
//!
//! Rendering is pure ([`fit`], [`compose`], [`render`]); around it, [`ensure_current`] renders a
//! product's missing or outdated mockups for a job (idempotent: the file names carry the hash
//! of every input, and the product keeps the hash its mockups were made from) and [`preview`]
//! renders a design's previews for the API (uploads only: a request never fetches the web).
use std::io::Cursor;

use connectors::storage::{FileError, FileKey, FileStore};
use domain::mockups::{self, Blank, DesignSide, Pairing, PrintArea, PrintFiles};
use domain::{DomainError, Scope};
use image::imageops::{self, FilterType};
use image::{DynamicImage, ImageReader, Limits, Rgba, RgbaImage};

use crate::JobError;
use crate::context::JobContext;
use crate::images::{Own, file_error, own_upload, upload_name};

/// The renderer's version, part of every mockup's identity: changing how mockups are drawn
/// (filter, quality, format) means bumping it, so that every product's are drawn again.
pub const RENDERER_VERSION: &str = "mockups-1";
/// JPEG quality of a mockup: no visible loss on a product photo, a few hundred KB each.
const JPEG_QUALITY: u8 = 90;
/// The largest picture decoded, on each side: a print file of 4500×5400 px is common, 20000 is
/// past anything real (and bounds the memory a hostile file could ask for).
const MAX_DECODED_SIDE: u32 = 20_000;
/// The memory one decoded picture may take.
const MAX_DECODED_BYTES: u64 = 512 * 1024 * 1024;

/// Why a picture could not be rendered: which one, in the seller's words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    #[error("the blank photo is not a picture this server reads (PNG, JPEG or WebP)")]
    Blank,
    #[error("the design is not a picture this server reads (PNG, JPEG or WebP)")]
    Design,
    #[error("the mockup could not be encoded")]
    Encode,
}

/// Where the design lands on the photo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

/// The largest size of a `width`×`height` design that fits inside `area` with its aspect ratio
/// kept, centred in the area. Sizes round to the nearest pixel and never leave the area.
pub fn fit(width: u32, height: u32, area: PrintArea) -> Placement {
    let (dw, dh) = (f64::from(width.max(1)), f64::from(height.max(1)));
    let scale = (f64::from(area.width) / dw).min(f64::from(area.height) / dh);
    let w = ((dw * scale).round() as u32).clamp(1, area.width.max(1));
    let h = ((dh * scale).round() as u32).clamp(1, area.height.max(1));
    Placement {
        x: area.x + (area.width.saturating_sub(w)) / 2,
        y: area.y + (area.height.saturating_sub(h)) / 2,
        width: w,
        height: h,
    }
}

/// Draws `design` onto `photo` inside `area` (see [`fit`]), blending by the design's alpha:
/// its transparent parts leave the photo as it was. Nothing outside the placement changes.
pub fn compose(photo: &mut RgbaImage, design: &RgbaImage, area: PrintArea) -> Placement {
    let at = fit(design.width(), design.height(), area);
    let scaled = if (design.width(), design.height()) == (at.width, at.height) {
        design.clone()
    } else {
        // Triangle (bilinear, widened when shrinking) is enough for a picture shown at a
        // marketplace's size, and several times faster than Lanczos on a 5000 px print file.
        imageops::resize(design, at.width, at.height, FilterType::Triangle)
    };
    for (x, y, ink) in scaled.enumerate_pixels() {
        let (px, py) = (at.x + x, at.y + y);
        if px < photo.width() && py < photo.height() {
            over(photo.get_pixel_mut(px, py), *ink);
        }
    }
    at
}

/// Porter-Duff "over" in integers: an opaque photo stays opaque, a transparent pixel of the
/// design changes nothing, an opaque one replaces the photo's. (`imageops::overlay` blends in
/// floats and leaves an opaque photo at alpha 254 under half-transparent ink.)
fn over(photo: &mut Rgba<u8>, ink: Rgba<u8>) {
    let ta = u32::from(ink[3]);
    match ta {
        0 => return,
        255 => {
            *photo = ink;
            return;
        }
        _ => {}
    }
    let ba = u32::from(photo[3]);
    // Both in 0..=255², so the division below rounds once.
    let out_a = ta * 255 + ba * (255 - ta);
    for c in 0..3 {
        let v = u32::from(ink[c]) * ta * 255 + u32::from(photo[c]) * ba * (255 - ta);
        photo[c] = ((v + out_a / 2) / out_a) as u8;
    }
    photo[3] = ((out_a + 127) / 255) as u8;
}

fn decode(bytes: &[u8], error: RenderError) -> Result<DynamicImage, RenderError> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| error.clone())?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DECODED_SIDE);
    limits.max_image_height = Some(MAX_DECODED_SIDE);
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    reader.limits(limits);
    reader.decode().map_err(|_| error)
}

/// The pixel size of a picture, read from its header.
pub fn dimensions(bytes: &[u8]) -> Result<(u32, u32), RenderError> {
    ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| RenderError::Blank)?
        .into_dimensions()
        .map_err(|_| RenderError::Blank)
}

/// A mockup as a JPEG: `design` on the blank photo `blank`, whose print area was given for a
/// photo of `blank_size` (the area is scaled if the file turns out another size).
pub fn render(
    blank: &[u8],
    design: &[u8],
    blank_size: (u32, u32),
    area: PrintArea,
) -> Result<Vec<u8>, RenderError> {
    let mut photo = decode(blank, RenderError::Blank)?.to_rgba8();
    let design = decode(design, RenderError::Design)?.to_rgba8();
    let area = scaled_area(area, blank_size, (photo.width(), photo.height()));
    compose(&mut photo, &design, area);
    encode_jpeg(&photo)
}

/// The print area given for a photo of `given` pixels, on the photo of `actual` pixels.
fn scaled_area(area: PrintArea, given: (u32, u32), actual: (u32, u32)) -> PrintArea {
    if given == actual || given.0 == 0 || given.1 == 0 {
        return area;
    }
    let sx = f64::from(actual.0) / f64::from(given.0);
    let sy = f64::from(actual.1) / f64::from(given.1);
    let x = ((f64::from(area.x) * sx).round() as u32).min(actual.0.saturating_sub(1));
    let y = ((f64::from(area.y) * sy).round() as u32).min(actual.1.saturating_sub(1));
    PrintArea {
        x,
        y,
        width: ((f64::from(area.width) * sx).round() as u32).clamp(1, actual.0 - x),
        height: ((f64::from(area.height) * sy).round() as u32).clamp(1, actual.1 - y),
    }
}

fn encode_jpeg(photo: &RgbaImage) -> Result<Vec<u8>, RenderError> {
    // JPEG has no alpha: a transparent blank is flattened onto white, as a product photo's
    // background would be.
    let mut flat = image::RgbImage::new(photo.width(), photo.height());
    for (to, from) in flat.pixels_mut().zip(photo.pixels()) {
        let a = u32::from(from[3]);
        let over_white = |c: u8| ((u32::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
        *to = image::Rgb([
            over_white(from[0]),
            over_white(from[1]),
            over_white(from[2]),
        ]);
    }
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
        .encode_image(&flat)
        .map_err(|_| RenderError::Encode)?;
    Ok(out)
}

/// Renders on the blocking pool: decoding and scaling a print file takes a core for a while.
async fn render_blocking(
    blank_bytes: Vec<u8>,
    design_bytes: Vec<u8>,
    blank: &Blank,
) -> Result<Vec<u8>, RenderError> {
    let (size, area) = ((blank.width, blank.height), blank.area);
    tokio::task::spawn_blocking(move || render(&blank_bytes, &design_bytes, size, area))
        .await
        .unwrap_or(Err(RenderError::Encode))
}

/// The URL a stored file is served at.
fn file_url(public_url: &str, key: &FileKey) -> String {
    format!("{}/{}", public_url.trim_end_matches('/'), key.as_str())
}

/// The key of a product's mockup: the hash of all its inputs in the name, so a name is never
/// reused for other pixels (files are served as immutable) and a repeated render finds its
/// own earlier file.
fn product_key(
    client_id: &str,
    product_id: &str,
    hash: &str,
    n: usize,
    side: DesignSide,
) -> Result<FileKey, FileError> {
    let short = hash.get(..24).unwrap_or(hash);
    FileKey::of_client(
        "uploads",
        client_id,
        &format!(
            "mockups/{product_id}/{short}-{}-{}.jpg",
            n + 1,
            side.label()
        ),
    )
}

/// A product's mockups, current, and its print files.
#[derive(Debug, Clone, Default)]
pub struct Current {
    /// Mockup URLs in the blanks' order; empty when the template has no blanks or the product
    /// no design for them.
    pub images: Vec<String>,
    pub print_files: PrintFiles,
    /// The template has blanks (for a seller's message when none could be used).
    pub has_blanks: bool,
}

impl Current {
    /// What a listing sends: the mockups first, then the product's own images without its
    /// print files (a print file is for the provider, not a shopper). Without mockups, the
    /// product's images as they are.
    pub fn listing_images(&self, product_images: Vec<String>) -> Vec<String> {
        if self.images.is_empty() {
            return product_images;
        }
        let mut out = self.images.clone();
        for url in product_images {
            if !self.print_files.all().any(|p| p == url) && !out.contains(&url) {
                out.push(url);
            }
        }
        out
    }
}

/// Renders what is missing or outdated of a product's mockups and records them; answers them
/// with the product's print files. Safe to repeat and to run beside another job of the same
/// product: same inputs, same file names, same bytes, same row.
pub async fn ensure_current(
    ctx: &JobContext,
    client_id: &str,
    product_id: &str,
) -> Result<Current, JobError> {
    let scope = Scope::for_client(client_id);
    let mut conn = ctx.db.conn().await?;
    let plan = mockups::of_product(&mut conn, &scope, product_id, RENDERER_VERSION)
        .await
        .map_err(|e| match e {
            DomainError::NotFound(what) => {
                JobError::Permanent(format!("the {what} no longer exists"))
            }
            other => other.into(),
        })?;
    drop(conn);
    let mut current = Current {
        images: plan.images.clone(),
        print_files: plan.print_files.clone(),
        has_blanks: plan.has_blanks,
    };
    if plan.is_current() || (plan.pairings.is_empty() && plan.images.is_empty()) {
        if !plan.is_current() {
            current.images.clear();
        }
        return Ok(current);
    }
    let mut images = Vec::with_capacity(plan.pairings.len());
    for (n, pairing) in plan.pairings.iter().enumerate() {
        let key = product_key(client_id, product_id, &plan.hash, n, pairing.blank.side)
            .map_err(|e| JobError::Permanent(format!("a mockup could not be named: {e}")))?;
        if ctx
            .files
            .size(&key)
            .await
            .map_err(|e| file_error(key.as_str(), &e))?
            .is_none()
        {
            let bytes = render_pairing(ctx, client_id, pairing).await?;
            ctx.files.put(&key, bytes).await.map_err(|e| {
                tracing::warn!(file = %key, error = %e, "mockup not stored");
                if e.is_transient() {
                    JobError::Retry(
                        "the file storage could not be reached; it will be tried again".into(),
                    )
                } else {
                    JobError::Permanent("the mockup could not be stored".into())
                }
            })?;
        }
        images.push(file_url(&ctx.config.public_url, &key));
    }
    let mut conn = ctx.db.conn().await?;
    mockups::record(&mut conn, &scope, product_id, &images, &plan.hash).await?;
    current.images = images;
    Ok(current)
}

/// One mockup of a product, its failures in the seller's words (which picture, which side).
async fn render_pairing(
    ctx: &JobContext,
    client_id: &str,
    pairing: &Pairing,
) -> Result<Vec<u8>, JobError> {
    let side = pairing.blank.side.label();
    let in_words = |what: String, e: JobError| match e {
        JobError::Permanent(m) => JobError::Permanent(format!("{what}: {m}")),
        JobError::Retry(m) => JobError::Retry(format!("{what}: {m}")),
        other => other,
    };
    let blank = crate::images::load(ctx, client_id, &pairing.blank.image_url)
        .await
        .map_err(|e| in_words(format!("the template's {side} blank photo"), e))?;
    let design = crate::images::load(ctx, client_id, &pairing.design_url)
        .await
        .map_err(|e| in_words(format!("the {side} design"), e))?;
    render_blocking(blank.bytes, design.bytes, &pairing.blank)
        .await
        .map_err(|e| JobError::Permanent(format!("{side} mockup: {e}")))
}

/// Why a preview could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PreviewError {
    /// About the design of `side` (or, with `None`, a blank of the template): for the seller.
    Input {
        side: Option<DesignSide>,
        message: String,
    },
    /// The storage did not answer.
    Storage(FileError),
}

/// A preview: a blank with a design on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preview {
    pub blank: Blank,
    pub image_url: String,
}

/// Renders the previews of `designs` on `blanks` (a blank whose side has no design is left
/// out), from the client's uploads only, and answers their URLs. A preview's name is the hash
/// of its inputs, so asking twice renders once.
pub async fn preview(
    files: &FileStore,
    public_url: &str,
    client_id: &str,
    max_bytes: usize,
    blanks: &[Blank],
    designs: &PrintFiles,
) -> Result<Vec<Preview>, PreviewError> {
    let mut out = Vec::new();
    for blank in blanks {
        let Some(design_url) = designs.of(blank.side) else {
            continue;
        };
        let pairing = Pairing {
            blank: blank.clone(),
            design_url: design_url.to_owned(),
        };
        let hash = mockups::inputs_hash(std::slice::from_ref(&pairing), RENDERER_VERSION);
        let key = FileKey::of_client(
            "uploads",
            client_id,
            &format!("mockups/previews/{}.jpg", hash.get(..32).unwrap_or(&hash)),
        )
        .map_err(PreviewError::Storage)?;
        if files
            .size(&key)
            .await
            .map_err(PreviewError::Storage)?
            .is_none()
        {
            let blank_bytes = read_own(files, public_url, client_id, &blank.image_url, max_bytes)
                .await
                .map_err(|e| e.about(None, "the template's blank photo"))?;
            let design_bytes = read_own(files, public_url, client_id, design_url, max_bytes)
                .await
                .map_err(|e| e.about(Some(blank.side), "the design"))?;
            let bytes = render_blocking(blank_bytes, design_bytes, blank)
                .await
                .map_err(|e| PreviewError::Input {
                    side: (e == RenderError::Design).then_some(blank.side),
                    message: e.to_string(),
                })?;
            files
                .put(&key, bytes)
                .await
                .map_err(PreviewError::Storage)?;
        }
        out.push(Preview {
            blank: blank.clone(),
            image_url: file_url(public_url, &key),
        });
    }
    Ok(out)
}

/// Why an upload could not be read for a preview.
enum ReadError {
    Seller(String),
    Storage(FileError),
}

impl ReadError {
    fn about(self, side: Option<DesignSide>, what: &str) -> PreviewError {
        match self {
            ReadError::Seller(m) => PreviewError::Input {
                side,
                message: format!("{what}: {m}"),
            },
            ReadError::Storage(e) => PreviewError::Storage(e),
        }
    }
}

/// The bytes of an upload of the client; anything else is refused in words.
async fn read_own(
    files: &FileStore,
    public_url: &str,
    client_id: &str,
    url: &str,
    max_bytes: usize,
) -> Result<Vec<u8>, ReadError> {
    let key = match own_upload(public_url, client_id, url) {
        Own::File(key) => key,
        Own::No | Own::Refused(_) => {
            return Err(ReadError::Seller(
                "must be a file uploaded to Sellerdesk by this account: upload it first".into(),
            ));
        }
    };
    match files.read(&key, max_bytes).await {
        Ok(file) => Ok(file.bytes),
        Err(e) if e.is_transient() => Err(ReadError::Storage(e)),
        Err(e) => Err(ReadError::Seller(match file_error(upload_name(&key), &e) {
            JobError::Permanent(m) | JobError::Retry(m) => m,
            JobError::RateLimited { message, .. } => message,
        })),
    }
}

/// The pixel size of an upload of the client (a blank photo being saved); `Err` in words.
pub async fn upload_dimensions(
    files: &FileStore,
    public_url: &str,
    client_id: &str,
    url: &str,
    max_bytes: usize,
) -> Result<Result<(u32, u32), String>, FileError> {
    let bytes = match read_own(files, public_url, client_id, url, max_bytes).await {
        Ok(bytes) => bytes,
        Err(ReadError::Seller(m)) => return Ok(Err(m)),
        Err(ReadError::Storage(e)) => return Err(e),
    };
    Ok(dimensions(&bytes).map_err(|_| {
        "the blank photo is not a picture this server reads (PNG, JPEG or WebP)".to_owned()
    }))
}

/// The demo's blank T-shirt photo (PNG, 1000×1000): a plain tee drawn flat on a light studio
/// grey, so the demo's ready template shows mockups without shipping a photograph. Its print
/// area is [`DEMO_BLANK_AREA`], on the chest.
pub fn demo_blank_png() -> Vec<u8> {
    const SIZE: u32 = 1000;
    let backdrop = Rgba([236, 239, 243, 255]);
    let cloth = Rgba([250, 250, 250, 255]);
    let seam = Rgba([214, 218, 224, 255]);
    // The body, the two sleeves (slanted from the shoulder), and the neck cut from the body.
    let inside = |x: i64, y: i64| -> bool {
        let body = (290..=710).contains(&x) && (210..=900).contains(&y);
        let left = (130..290).contains(&x) && y >= 210 + (290 - x) / 3 && y <= 420 + (290 - x);
        let right = (711..=870).contains(&x) && y >= 210 + (x - 710) / 3 && y <= 420 + (x - 710);
        let (dx, dy) = (x - 500, y - 210);
        let neck = dx * dx * 4 + dy * dy * 16 < 110 * 110 * 4;
        (body || left || right) && !neck
    };
    let img = RgbaImage::from_fn(SIZE, SIZE, |x, y| {
        let (x, y) = (i64::from(x), i64::from(y));
        if !inside(x, y) {
            backdrop
        } else if !inside(x - 3, y) || !inside(x + 3, y) || !inside(x, y - 3) || !inside(x, y + 3) {
            seam
        } else {
            cloth
        }
    });
    let mut out = Vec::new();
    // Encoding an image built in memory into a Vec cannot fail short of running out of memory.
    if DynamicImage::ImageRgba8(img)
        .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .is_err()
    {
        out.clear();
    }
    out
}

/// Where a design goes on [`demo_blank_png`]: the chest, below the neck.
pub const DEMO_BLANK_AREA: PrintArea = PrintArea {
    x: 370,
    y: 320,
    width: 260,
    height: 320,
};

#[cfg(test)]
mod tests {
    use super::*;

    const GREY: Rgba<u8> = Rgba([200, 200, 200, 255]);
    const RED: Rgba<u8> = Rgba([220, 20, 60, 255]);

    fn area(x: u32, y: u32, width: u32, height: u32) -> PrintArea {
        PrintArea {
            x,
            y,
            width,
            height,
        }
    }

    fn png(img: &RgbaImage) -> Vec<u8> {
        let mut out = Vec::new();
        DynamicImage::ImageRgba8(img.clone())
            .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
            .expect("png");
        out
    }

    #[test]
    fn a_design_fits_inside_the_area_keeping_its_ratio() {
        // Square design in a wide area: as high as the area, centred across.
        assert_eq!(
            fit(50, 50, area(100, 50, 200, 100)),
            Placement {
                x: 150,
                y: 50,
                width: 100,
                height: 100
            }
        );
        // Tall design in a square area: as high as the area.
        assert_eq!(
            fit(4500, 5400, area(0, 0, 600, 600)),
            Placement {
                x: 50,
                y: 0,
                width: 500,
                height: 600
            }
        );
        // Wide design: as wide as the area, centred down.
        assert_eq!(
            fit(300, 100, area(10, 10, 90, 90)),
            Placement {
                x: 10,
                y: 40,
                width: 90,
                height: 30
            }
        );
        // A sliver never vanishes.
        assert_eq!(fit(10_000, 1, area(0, 0, 100, 100)).height, 1);
    }

    #[test]
    fn a_solid_design_lands_exactly_inside_the_print_area() {
        let mut photo = RgbaImage::from_pixel(400, 300, GREY);
        let design = RgbaImage::from_pixel(50, 50, RED);
        let at = compose(&mut photo, &design, area(100, 50, 200, 100));
        assert_eq!((at.x, at.y, at.width, at.height), (150, 50, 100, 100));
        for (x, y, p) in photo.enumerate_pixels() {
            let inside = (150..250).contains(&x) && (50..150).contains(&y);
            assert_eq!(*p, if inside { RED } else { GREY }, "pixel {x},{y}");
        }
    }

    #[test]
    fn transparent_parts_of_a_design_leave_the_photo_as_it_was() {
        let mut photo = RgbaImage::from_pixel(300, 300, GREY);
        let mut design = RgbaImage::from_pixel(100, 100, Rgba([0, 0, 0, 0]));
        for y in 25..75 {
            for x in 25..75 {
                design.put_pixel(x, y, RED);
            }
        }
        // Same size as the area: drawn pixel for pixel.
        compose(&mut photo, &design, area(100, 100, 100, 100));
        for (x, y, p) in photo.enumerate_pixels() {
            let inked = (125..175).contains(&x) && (125..175).contains(&y);
            assert_eq!(*p, if inked { RED } else { GREY }, "pixel {x},{y}");
        }
        // Half-transparent ink blends with the photo.
        let mut photo = RgbaImage::from_pixel(10, 10, Rgba([0, 0, 0, 255]));
        let half = RgbaImage::from_pixel(10, 10, Rgba([255, 255, 255, 128]));
        compose(&mut photo, &half, area(0, 0, 10, 10));
        let p = photo.get_pixel(5, 5);
        assert!((126..=130).contains(&p[0]) && p[3] == 255, "{p:?}");
    }

    #[test]
    fn a_rendered_jpeg_has_the_design_in_the_area_and_the_photo_elsewhere() {
        let blank = png(&RgbaImage::from_pixel(400, 300, GREY));
        let design = png(&RgbaImage::from_pixel(50, 50, RED));
        let jpeg = render(&blank, &design, (400, 300), area(100, 50, 200, 100)).expect("render");
        assert!(jpeg.starts_with(&[0xFF, 0xD8]), "a JPEG");
        let out = image::load_from_memory(&jpeg).expect("decodes").to_rgb8();
        assert_eq!(out.dimensions(), (400, 300));
        let near = |p: &image::Rgb<u8>, c: Rgba<u8>| {
            (0..3).all(|i| (i32::from(p[i]) - i32::from(c[i])).abs() <= 6)
        };
        // Away from the edges: JPEG's colour blocks (16 px) blur a few pixels across an edge.
        const M: u32 = 8;
        for (x, y, p) in out.enumerate_pixels() {
            let inside = x >= 150 + M && x + M < 250 && y >= 50 + M && y + M < 150;
            let outside = x + M < 150 || x >= 250 + M || y + M < 50 || y >= 150 + M;
            if inside {
                assert!(near(p, RED), "inside {x},{y}: {p:?}");
            } else if outside {
                assert!(near(p, GREY), "outside {x},{y}: {p:?}");
            }
        }
    }

    #[test]
    fn an_area_for_another_size_of_photo_is_scaled() {
        assert_eq!(
            scaled_area(area(100, 50, 200, 100), (400, 300), (800, 600)),
            area(200, 100, 400, 200)
        );
        assert_eq!(
            scaled_area(area(100, 50, 200, 100), (400, 300), (400, 300)),
            area(100, 50, 200, 100)
        );
    }

    #[test]
    fn what_is_not_a_picture_is_named() {
        let blank = png(&RgbaImage::from_pixel(10, 10, GREY));
        assert_eq!(
            render(b"not an image", &blank, (10, 10), area(0, 0, 5, 5)),
            Err(RenderError::Blank)
        );
        assert_eq!(
            render(&blank, b"<svg/>", (10, 10), area(0, 0, 5, 5)),
            Err(RenderError::Design)
        );
        assert_eq!(dimensions(&blank), Ok((10, 10)));
    }

    #[test]
    fn listing_images_put_mockups_first_and_leave_print_files_out() {
        let current = Current {
            images: vec!["m1".into(), "m2".into()],
            print_files: PrintFiles {
                front: Some("front.png".into()),
                ..PrintFiles::default()
            },
            has_blanks: true,
        };
        assert_eq!(
            current.listing_images(vec!["front.png".into(), "extra.png".into()]),
            vec!["m1", "m2", "extra.png"]
        );
        let none = Current::default();
        assert_eq!(
            none.listing_images(vec!["front.png".into()]),
            vec!["front.png"]
        );
    }

    #[test]
    fn the_demo_blank_is_a_light_tee_with_its_print_area_on_the_cloth() {
        let bytes = demo_blank_png();
        assert_eq!(dimensions(&bytes).ok(), Some((1000, 1000)));
        let img = image::load_from_memory(&bytes).expect("png").to_rgba8();
        let a = DEMO_BLANK_AREA;
        for (x, y) in [
            (a.x, a.y),
            (a.x + a.width - 1, a.y + a.height - 1),
            (500, 500),
        ] {
            assert_eq!(
                img.get_pixel(x, y),
                &Rgba([250, 250, 250, 255]),
                "cloth at {x},{y}"
            );
        }
        assert_eq!(img.get_pixel(20, 20), &Rgba([236, 239, 243, 255]));
    }
}
