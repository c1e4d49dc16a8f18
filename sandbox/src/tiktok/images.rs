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
