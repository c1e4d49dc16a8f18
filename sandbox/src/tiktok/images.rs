//! `POST /product/{v}/images/upload`: multipart, unsigned body, no `shop_cipher`.
use axum::body::Body;
use axum::extract::{FromRequest, Multipart};
use axum::http::{Request, header};
use serde_json::{Value, json};

use super::envelope::{ApiError, codes};
use super::gate::{Call, Ctx};
use super::state::{Image, Inner, Write};

const MAX_BYTES: usize = 5 * 1024 * 1024;
const USE_CASES: &[&str] = &[
    "MAIN_IMAGE",
    "ATTRIBUTE_IMAGE",
    "DESCRIPTION_IMAGE",
    "CERTIFICATION_IMAGE",
    "SIZE_CHART_IMAGE",
];

pub struct Upload {
    pub bytes: Vec<u8>,
    pub use_case: String,
}

pub async fn read(call: &Call) -> Result<Upload, ApiError> {
    if !call.is_multipart() {
        return Err(ApiError::business(
            codes::NOT_MULTIPART,
            "content-type must be multipart/form-data",
        ));
    }
    let content_type = call.headers.get(header::CONTENT_TYPE).cloned();
    let mut builder = Request::builder();
    if let Some(ct) = content_type {
        builder = builder.header(header::CONTENT_TYPE, ct);
    }
    let request = builder
        .body(Body::from(call.body.clone()))
        .map_err(|_| ApiError::invalid("invalid multipart body"))?;
    let mut form = Multipart::from_request(request, &())
        .await
        .map_err(|e| ApiError::invalid(format!("invalid multipart body: {e}")))?;
    let mut bytes = None;
    let mut use_case = "MAIN_IMAGE".to_string();
    loop {
        let field = match form.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(e) => return Err(ApiError::invalid(format!("invalid multipart body: {e}"))),
        };
        match field.name().unwrap_or_default() {
            "data" => {
                let data = field
                    .bytes()
                    .await
                    .map_err(|e| ApiError::invalid(format!("invalid file part: {e}")))?;
                bytes = Some(data.to_vec());
            }
            "use_case" => {
                use_case = field
                    .text()
                    .await
                    .map_err(|e| ApiError::invalid(format!("invalid use_case: {e}")))?;
            }
            _ => {}
        }
    }
    let bytes = bytes
        .ok_or_else(|| ApiError::invalid("the form field data (the image file) is required"))?;
    Ok(Upload { bytes, use_case })
}

pub fn store(inner: &mut Inner, ctx: &Ctx, upload: Upload) -> Result<Value, ApiError> {
    if !USE_CASES.contains(&upload.use_case.as_str()) {
        return Err(ApiError::invalid(format!(
            "use_case {} is not supported",
            upload.use_case
        )));
    }
    if upload.bytes.len() > MAX_BYTES {
        return Err(ApiError::business(
            codes::IMAGE_TOO_LARGE,
            "the image is larger than 5 MB",
        ));
    }
    let (content_type, width, height) = dimensions(&upload.bytes).ok_or_else(|| {
        ApiError::business(codes::IMAGE_FORMAT, "the image must be JPG, PNG or WEBP")
    })?;
    if !(100..=20_000).contains(&width) || !(100..=20_000).contains(&height) {
        return Err(ApiError::business(
            codes::IMAGE_DIMENSIONS,
            format!("the image is {width}x{height}; each side must be 100 to 20000 px"),
        ));
    }
    let id = inner.next_id();
    let uri = format!("tos-maliva-i-o3syd03w52-us/{}", hex::encode(&id));
    let url = format!("{}/__sandbox/images/{uri}", ctx.origin);
    inner.images.insert(
        uri.clone(),
        Image {
            content_type,
            bytes: upload.bytes,
            width,
            height,
        },
    );
    inner.record(
        ctx,
        "image.upload",
        Write {
            resource_id: Some(uri.clone()),
            ..Write::default()
        },
    );
    Ok(
        json!({ "uri": uri, "url": url, "width": width, "height": height, "use_case": upload.use_case }),
    )
}

/// Format and pixel size read from the file header; `None` for formats the marketplace refuses.
pub fn dimensions(b: &[u8]) -> Option<(&'static str, u32, u32)> {
    let be32 = |i: usize| {
        b.get(i..i + 4)
            .map(|s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
    };
    let be16 = |i: usize| {
        b.get(i..i + 2)
            .map(|s| u32::from(u16::from_be_bytes([s[0], s[1]])))
    };
    let le16 = |i: usize| {
        b.get(i..i + 2)
            .map(|s| u32::from(u16::from_le_bytes([s[0], s[1]])))
    };
    let le24 = |i: usize| {
        b.get(i..i + 3)
            .map(|s| u32::from(s[0]) | u32::from(s[1]) << 8 | u32::from(s[2]) << 16)
    };
    if b.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some(("image/png", be32(16)?, be32(20)?));
    }
    if b.starts_with(&[0xFF, 0xD8]) {
        let mut i = 2;
        while i + 9 < b.len() {
            if b[i] != 0xFF {
                i += 1;
                continue;
            }
            let marker = b[i + 1];
            let is_frame = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
            if is_frame {
                return Some(("image/jpeg", be16(i + 7)?, be16(i + 5)?));
            }
            i += 2 + be16(i + 2)? as usize;
        }
        return None;
    }
    if b.len() > 30 && &b[0..4] == b"RIFF" && &b[8..12] == b"WEBP" {
        return match &b[12..16] {
            b"VP8X" => Some(("image/webp", le24(24)? + 1, le24(27)? + 1)),
            b"VP8 " => Some(("image/webp", le16(26)? & 0x3FFF, le16(28)? & 0x3FFF)),
            b"VP8L" => {
                let bits = u32::from_le_bytes([b[21], b[22], b[23], b[24]]);
                Some((
                    "image/webp",
                    (bits & 0x3FFF) + 1,
                    ((bits >> 14) & 0x3FFF) + 1,
                ))
            }
            _ => None,
        };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_png_size() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&800u32.to_be_bytes());
        png.extend_from_slice(&600u32.to_be_bytes());
        assert_eq!(dimensions(&png), Some(("image/png", 800, 600)));
        assert_eq!(dimensions(b"GIF89a"), None);
    }
}

/// A solid-colour RGB PNG (stored, uncompressed deflate): sample product pictures that need
/// no image library.
pub fn placeholder_png(width: u32, height: u32, rgb: [u8; 3]) -> Vec<u8> {
    let row: Vec<u8> = std::iter::once(0)
        .chain(rgb.iter().copied().cycle().take(width as usize * 3))
        .collect();
    let raw: Vec<u8> = row.repeat(height as usize);
    let mut zlib = vec![0x78, 0x01];
    let mut blocks = raw.chunks(65_535).peekable();
    while let Some(block) = blocks.next() {
        zlib.push(u8::from(blocks.peek().is_none()));
        let len = block.len() as u16;
        zlib.extend_from_slice(&len.to_le_bytes());
        zlib.extend_from_slice(&(!len).to_le_bytes());
        zlib.extend_from_slice(block);
    }
    zlib.extend_from_slice(&adler32(&raw).to_be_bytes());

    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    for (kind, data) in [
        (b"IHDR", &ihdr[..]),
        (b"IDAT", &zlib[..]),
        (b"IEND", &[][..]),
    ] {
        png.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let start = png.len();
        png.extend_from_slice(kind);
        png.extend_from_slice(data);
        let crc = crc32(&png[start..]);
        png.extend_from_slice(&crc.to_be_bytes());
    }
    png
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in data {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    (b << 16) | a
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Stores an image as if uploaded, answering its `uri`.
pub fn store_placeholder(inner: &mut Inner, width: u32, height: u32, rgb: [u8; 3]) -> String {
    let id = inner.next_id();
    let uri = format!("tos-maliva-i-o3syd03w52-us/{}", hex::encode(&id));
    let bytes = placeholder_png(width, height, rgb);
    inner.images.insert(
        uri.clone(),
        Image {
            content_type: "image/png",
            bytes,
            width,
            height,
        },
    );
    uri
}

#[cfg(test)]
mod png_tests {
    use super::*;

    #[test]
    fn placeholder_is_a_well_formed_png() {
        let png = placeholder_png(120, 100, [200, 30, 60]);
        assert_eq!(dimensions(&png), Some(("image/png", 120, 100)));
        assert!(
            png.ends_with(&[0xAE, 0x42, 0x60, 0x82]),
            "IEND with its fixed CRC"
        );
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }
}
