//! Uploads: files (product images, size charts, designs) are kept by the storage port under
//! `uploads/{client}/{folder}/{uuid}-{name}` — `DATA_DIR/uploads/…` in the local directory, or
//! that key in the S3 bucket. `getPresignedUrl` hands out a PUT URL that expires after 15
//! minutes:
//!
//! - with a bucket, the bucket's own presigned PUT, whose SigV4 signature binds the key, the
//!   expiry, the Content-Type and the Content-Length (`contentLength` is then required), so the
//!   bytes never pass through the API;
//! - with the local directory, a URL of the API itself: the PUT here checks the signature, the
//!   expiry, the Content-Type the URL was made for and the size, and writes the file through the
//!   port.
//!
//! Either way the file's URL is `{PUBLIC_URL}/uploads/{client}/{folder}/{uuid}-{name}`, served
//! by the API from the port: marketplaces and print providers fetch it without credentials, so
//! names carry a random UUID, and the bucket itself stays private.
//!
//! The API's own signature is `hex(HMAC-SHA256(k, "PUT\n" + path + "\n" + expires + "\n" +
//! content type))` with `k` derived from the server's secrets key, so every replica sharing
//! `SECRETS_KEY` accepts the URLs any of them made.
//!
//! A URL stores one file once, so a URL that leaked (a log, a proxy, a browser's history)
//! cannot replace a file marketplaces already fetch. A bucket's URL is signed for
//! `If-None-Match: *`, and the bucket refuses a second write of the key. The API's own URL: the
//! PUT that stores the file records the URL's path in SQL (`domain::uploads`), taken after the
//! body arrived whole and given back when the file cannot be written.
use std::time::Duration;

use axum::body::Body;
use axum::extract::{FromRef, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::put;
use axum::{Json, Router};
use connectors::storage::{FileError, FileKey};
use futures::StreamExt;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::graphql::AppState;

/// How long a presigned URL accepts its PUT.
pub const URL_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// Where uploads are served, and the prefix of every signed path.
const PREFIX: &str = "/uploads";
/// Folder used when the caller names none.
const DEFAULT_FOLDER: &str = "files";

/// The content types accepted, each with the extension its files get (the GET answers the
/// type from the extension, so a stored file can never be served as something else).
const ALLOWED: &[(&str, &str)] = &[
    ("image/png", "png"),
    ("image/jpeg", "jpg"),
    ("image/webp", "webp"),
    ("image/gif", "gif"),
    ("application/pdf", "pdf"),
];
/// Extensions a file name may already carry, with the content type each means.
const KNOWN_EXTENSIONS: &[(&str, &str)] = &[
    ("png", "image/png"),
    ("jpg", "image/jpeg"),
    ("jpeg", "image/jpeg"),
    ("webp", "image/webp"),
    ("gif", "image/gif"),
    ("pdf", "application/pdf"),
];

/// Why a presigned URL cannot be made; each names the input field at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PresignError {
    #[error("{0}")]
    ContentType(String),
    #[error("{0}")]
    FileName(String),
    #[error("{0}")]
    Folder(String),
    #[error("{0}")]
    ContentLength(String),
}

impl PresignError {
    pub fn field(&self) -> &'static str {
        match self {
            PresignError::ContentType(_) => "contentType",
            PresignError::FileName(_) => "fileName",
            PresignError::Folder(_) => "folder",
            PresignError::ContentLength(_) => "contentLength",
        }
    }
}

/// Why `getPresignedUrl` gave no URL: the input, or the storage.
#[derive(Debug)]
pub enum UploadError {
    Input(PresignError),
    Storage(FileError),
}

impl From<PresignError> for UploadError {
    fn from(e: PresignError) -> Self {
        UploadError::Input(e)
    }
}

/// A signed upload: PUT the bytes to `presigned_url` with the Content-Type it was made for;
/// the file is then at `file_url`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presigned {
    pub presigned_url: String,
    pub file_url: String,
}

/// Signs and checks upload URLs.
#[derive(Clone)]
pub struct Signer {
    key: [u8; 32],
}

impl Signer {
    pub fn new(secrets: &domain::secrets::Secrets) -> Signer {
        Signer {
            key: secrets.derive_key("uploads"),
        }
    }

    fn mac(&self, path: &str, expires: i64, content_type: &str) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(format!("PUT\n{path}\n{expires}\n{content_type}").as_bytes());
        mac
    }

    fn sign(&self, path: &str, expires: i64, content_type: &str) -> String {
        hex::encode(
            self.mac(path, expires, content_type)
                .finalize()
                .into_bytes(),
        )
    }

    /// Constant-time check of a hex signature.
    fn verify(&self, path: &str, expires: i64, content_type: &str, signature: &str) -> bool {
        match hex::decode(signature) {
            Ok(bytes) => self
                .mac(path, expires, content_type)
                .verify_slice(&bytes)
                .is_ok(),
            Err(_) => false,
        }
    }
}

/// The content type as accepted: lower case, parameters dropped; `None` when not allowed.
fn allowed_type(raw: &str) -> Option<(&'static str, &'static str)> {
    let essence = raw
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    ALLOWED.iter().find(|(t, _)| *t == essence).copied()
}

/// One path segment we write: letters, digits, `.`, `_`, `-`, not starting with a dot.
fn safe_segment(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 200
        && !s.starts_with('.')
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// `folder` as stored: 1 to 3 segments of lower-case letters, digits, `_` and `-`.
fn folder_path(folder: Option<&str>) -> Result<String, PresignError> {
    let Some(folder) = folder
        .map(|f| f.trim().trim_matches('/'))
        .filter(|f| !f.is_empty())
    else {
        return Ok(DEFAULT_FOLDER.to_owned());
    };
    let segments: Vec<String> = folder.split('/').map(str::to_ascii_lowercase).collect();
    let ok = segments.len() <= 3
        && segments.iter().all(|s| {
            !s.is_empty()
                && s.len() <= 40
                && s.bytes().all(|b| {
                    b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'-')
                })
        });
    if !ok {
        return Err(PresignError::Folder(
            "use 1 to 3 parts separated by '/', each of letters, digits, '_' or '-' (at most 40)"
                .into(),
        ));
    }
    Ok(segments.join("/"))
}

/// The stored name (without the UUID prefix): the given name made URL-safe, with the
/// extension of `content_type`. A name that is empty, has path parts or control characters,
/// or carries the extension of another type is refused.
fn safe_file_name(
    file_name: &str,
    extension: &str,
    content_type: &str,
) -> Result<String, PresignError> {
    let name = file_name.trim();
    if name.is_empty() {
        return Err(PresignError::FileName("the file name is empty".into()));
    }
    if name.chars().count() > 255 {
        return Err(PresignError::FileName("at most 255 characters".into()));
    }
    if name.contains(['/', '\\'])
        || name.chars().any(char::is_control)
        || name == "."
        || name == ".."
    {
        return Err(PresignError::FileName("a file name, not a path".into()));
    }
    let (stem, given_ext) = match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => (stem, Some(ext.to_ascii_lowercase())),
        _ => (name, None),
    };
    let stem = match given_ext
        .as_deref()
        .and_then(|e| KNOWN_EXTENSIONS.iter().find(|(x, _)| *x == e))
    {
        Some((ext, meant)) if *meant != content_type => {
            return Err(PresignError::FileName(format!(
                "a .{ext} file is not {content_type}"
            )));
        }
        Some(_) => stem,
        // An unknown extension stays part of the name; the right one is appended.
        None => name,
    };
    let mut cleaned = String::with_capacity(stem.len());
    for c in stem.chars() {
        let keep = c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
        match (keep, cleaned.ends_with('-')) {
            (true, _) => cleaned.push(c),
            (false, false) => cleaned.push('-'),
            (false, true) => {}
        }
    }
    let cleaned: String = cleaned.trim_matches(['-', '.']).chars().take(100).collect();
    let cleaned = if cleaned.is_empty() {
        "file".to_owned()
    } else {
        cleaned
    };
    Ok(format!("{cleaned}.{extension}"))
}

/// One upload, checked and named: its URL path (`/uploads/…`) and the type it is stored as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    pub path: String,
    pub content_type: &'static str,
}

impl Planned {
    /// Its key in the store: the path without the leading slash.
    pub fn key(&self) -> Result<FileKey, PresignError> {
        FileKey::parse(self.path.trim_start_matches('/'))
            .map_err(|_| PresignError::FileName("a file name, not a path".into()))
    }
}

/// Makes the URLs of one upload for `client_id` on the local directory: a PUT to the API itself.
/// `public_url` is the server's base URL, `now` Unix seconds.
pub fn presign(
    signer: &Signer,
    public_url: &str,
    client_id: &str,
    file_name: &str,
    content_type: &str,
    folder: Option<&str>,
    now: i64,
) -> Result<Presigned, PresignError> {
    let planned = plan(client_id, file_name, content_type, folder)?;
    let expires = now + URL_LIFETIME.as_secs() as i64;
    let signature = signer.sign(&planned.path, expires, planned.content_type);
    let base = public_url.trim_end_matches('/');
    Ok(Presigned {
        presigned_url: format!(
            "{base}{}?expires={expires}&signature={signature}",
            planned.path
        ),
        file_url: format!("{base}{}", planned.path),
    })
}

/// What `getPresignedUrl` answers, on either store: a bucket's presigned PUT, or the API's own
/// signed URL. `content_length` is the file's size: required with a bucket (the signature binds
/// it), checked against `UPLOAD_MAX_BYTES` whenever given.
pub async fn presign_upload(
    app: &AppState,
    client_id: &str,
    file_name: &str,
    content_type: &str,
    folder: Option<&str>,
    content_length: Option<i64>,
    now: i64,
) -> Result<Presigned, UploadError> {
    let max = app.config.upload_max_bytes;
    let length = match content_length {
        Some(n) if n < 1 => {
            return Err(PresignError::ContentLength("the file is empty".into()).into());
        }
        Some(n) if n > max as i64 => {
            return Err(PresignError::ContentLength(format!(
                "the file is larger than {max} bytes"
            ))
            .into());
        }
        Some(n) => Some(n as u64),
        None => None,
    };
    if !app.files.is_bucket() {
        return Ok(presign(
            &Signer::new(&app.secrets),
            &app.config.public_url,
            client_id,
            file_name,
            content_type,
            folder,
            now,
        )?);
    }
    let planned = plan(client_id, file_name, content_type, folder)?;
    let Some(length) = length else {
        return Err(PresignError::ContentLength(
            "required: the file's size in bytes (the upload URL is signed for it)".into(),
        )
        .into());
    };
    let key = planned.key()?;
    let signed = app
        .files
        .presign_put(&key, planned.content_type, length, URL_LIFETIME)
        .await
        .map_err(UploadError::Storage)?
        .ok_or(UploadError::Storage(FileError::Refused(
            "this storage presigns nothing",
        )))?;
    Ok(Presigned {
        presigned_url: signed.url,
        file_url: format!(
            "{}{}",
            app.config.public_url.trim_end_matches('/'),
            planned.path
        ),
    })
}

/// Checks an upload's type, name and folder and gives it its place.
pub fn plan(
    client_id: &str,
    file_name: &str,
    content_type: &str,
    folder: Option<&str>,
) -> Result<Planned, PresignError> {
    let (content_type, extension) = allowed_type(content_type).ok_or_else(|| {
        let list: Vec<&str> = ALLOWED.iter().map(|(t, _)| *t).collect();
        PresignError::ContentType(format!("must be one of {}", list.join(", ")))
    })?;
    let folder = folder_path(folder)?;
    let name = safe_file_name(file_name, extension, content_type)?;
    // Client ids are generated text ids; checked all the same, as they become a directory.
    if !safe_segment(client_id) {
        return Err(PresignError::Folder(
            "the client cannot upload files".into(),
        ));
    }
    Ok(Planned {
        path: format!(
            "{PREFIX}/{client_id}/{folder}/{}-{name}",
            uuid::Uuid::new_v4().simple()
        ),
        content_type,
    })
}

/// The key of a request path's file, when the path is one this module could have made:
/// `/uploads/{client}/{1..3 folder parts}/{file}`, every part safe.
fn file_key(rest: &str) -> Option<FileKey> {
    let segments: Vec<&str> = rest.split('/').collect();
    if !(3..=5).contains(&segments.len()) || !segments.iter().all(|s| safe_segment(s)) {
        return None;
    }
    FileKey::parse(&format!("uploads/{rest}")).ok()
}

fn content_type_of(key: &FileKey) -> &'static str {
    let ext = key
        .file_name()
        .rsplit_once('.')
        .map(|(_, e)| e)
        .unwrap_or_default()
        .to_ascii_lowercase();
    ALLOWED
        .iter()
        .find(|(_, e)| *e == ext)
        .map(|(t, _)| *t)
        .unwrap_or("application/octet-stream")
}

/// The upload routes, for the server's router.
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    Router::new().route("/uploads/{*path}", put(receive).get(serve))
}

fn refuse(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({ "error": message }))).into_response()
}

#[derive(Deserialize)]
struct SignedQuery {
    expires: Option<String>,
    signature: Option<String>,
}

async fn receive(
    State(app): State<AppState>,
    Path(rest): Path<String>,
    uri: Uri,
    Query(q): Query<SignedQuery>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let Some(target) = file_key(&rest) else {
        return refuse(StatusCode::NOT_FOUND, "not an upload path");
    };
    if app.files.is_bucket() {
        // Uploads go to the bucket by its own presigned URLs; this route signs nothing then.
        return refuse(
            StatusCode::NOT_FOUND,
            "uploads go to the file storage: ask getPresignedUrl for a URL",
        );
    }
    let (Some(expires), Some(signature)) = (q.expires.as_deref(), q.signature.as_deref()) else {
        return refuse(
            StatusCode::FORBIDDEN,
            "the upload URL is not signed: ask getPresignedUrl for one",
        );
    };
    let Ok(expires) = expires.parse::<i64>() else {
        return refuse(StatusCode::FORBIDDEN, "the upload URL is altered");
    };
    let sent_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let Some((content_type, _)) = allowed_type(sent_type) else {
        return refuse(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Content-Type must be the one the upload URL was made for",
        );
    };
    // The signature covers the path, the expiry and the content type: a changed one fails here.
    if !Signer::new(&app.secrets).verify(uri.path(), expires, content_type, signature) {
        return refuse(
            StatusCode::FORBIDDEN,
            "the signature does not match: the URL was altered, or the Content-Type is not the one it was made for",
        );
    }
    if chrono::Utc::now().timestamp() > expires {
        return refuse(
            StatusCode::FORBIDDEN,
            "the upload URL has expired: ask getPresignedUrl for a new one",
        );
    }
    let limit = app.config.upload_max_bytes;
    let too_large = || {
        refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("the file is larger than {limit} bytes"),
        )
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return too_large();
    }
    let bytes = match axum::body::to_bytes(body, limit).await {
        Ok(bytes) => bytes,
        // Over the limit while streaming (no Content-Length), or the sender gave up.
        Err(_) => return too_large(),
    };
    let client_id = rest.split('/').next().unwrap_or_default();
    let expires_at = chrono::DateTime::from_timestamp(expires, 0).unwrap_or_else(chrono::Utc::now);
    match claim(&app, uri.path(), client_id, expires_at).await {
        Ok(true) => {}
        Ok(false) => {
            return refuse(
                StatusCode::CONFLICT,
                "this upload URL was used already: ask getPresignedUrl for a new one",
            );
        }
        Err(e) => {
            tracing::error!(error = %e, "upload URL use could not be recorded");
            return refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                "the upload could not be recorded; try again",
            );
        }
    }
    if let Err(e) = app.files.put(&target, bytes.to_vec()).await {
        tracing::error!(file = %target, error = %e, "upload could not be stored");
        if let Err(e) = release(&app, uri.path()).await {
            tracing::error!(error = %e, "upload URL use could not be given back");
        }
        return refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the file could not be stored; it has been logged",
        );
    }
    let etag = format!("\"{}\"", hex::encode(Sha256::digest(&bytes)));
    let mut response = StatusCode::OK.into_response();
    if let Ok(v) = HeaderValue::from_str(&etag) {
        response.headers_mut().insert(header::ETAG, v);
    }
    response
}

async fn claim(
    app: &AppState,
    path: &str,
    client_id: &str,
    expires_at: chrono::DateTime<chrono::Utc>,
) -> domain::Result<bool> {
    let mut conn = app.db.conn().await?;
    domain::uploads::claim(&mut conn, path, client_id, expires_at).await
}

async fn release(app: &AppState, path: &str) -> domain::Result<()> {
    let mut conn = app.db.conn().await?;
    domain::uploads::release(&mut conn, path).await
}

async fn serve(State(app): State<AppState>, Path(rest): Path<String>) -> Response {
    let Some(key) = file_key(&rest) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match app.files.stream(&key).await {
        Ok(file) => {
            let body =
                Body::from_stream(file.chunks.map(|chunk| chunk.map(axum::body::Bytes::from)));
            (
                [
                    (header::CONTENT_TYPE, content_type_of(&key).to_owned()),
                    (header::CONTENT_LENGTH, file.size.to_string()),
                    // Names are unique and files never change under a name once written.
                    (header::CACHE_CONTROL, "public, max-age=86400".to_owned()),
                    (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
                ],
                body,
            )
                .into_response()
        }
        Err(FileError::NotFound(_)) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => {
            tracing::error!(file = %key, error = %e, "upload could not be read");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signer() -> Signer {
        Signer::new(&domain::secrets::Secrets::from_key([3; 32]))
    }

    #[test]
    fn presigned_urls_are_signed_over_path_expiry_and_type() {
        let p = presign(
            &signer(),
            "http://h:1/",
            "client-1",
            "My Photo (1).PNG",
            "image/png",
            Some("Products/Main"),
            1_000,
        )
        .expect("presigned");
        let url = reqwest_like_parse(&p.presigned_url);
        assert!(
            p.file_url
                .starts_with("http://h:1/uploads/client-1/products/main/"),
            "{}",
            p.file_url
        );
        assert!(p.file_url.ends_with("-My-Photo-1.png"), "{}", p.file_url);
        assert_eq!(url.0, p.file_url);
        assert_eq!(url.1, "1900");
        let path = p.file_url.trim_start_matches("http://h:1");
        assert!(signer().verify(path, 1900, "image/png", &url.2));
        assert!(
            !signer().verify(path, 1901, "image/png", &url.2),
            "expiry is signed"
        );
        assert!(
            !signer().verify(path, 1900, "image/jpeg", &url.2),
            "content type is signed"
        );
        assert!(
            !signer().verify(&format!("{path}x"), 1900, "image/png", &url.2),
            "path is signed"
        );
        let other = Signer::new(&domain::secrets::Secrets::from_key([4; 32]));
        assert!(
            !other.verify(path, 1900, "image/png", &url.2),
            "the key is the server's"
        );
        assert!(!signer().verify(path, 1900, "image/png", "zz"));
    }

    /// (URL without query, expires, signature)
    fn reqwest_like_parse(url: &str) -> (String, String, String) {
        let (base, query) = url.split_once('?').expect("query");
        let mut expires = String::new();
        let mut signature = String::new();
        for pair in query.split('&') {
            match pair.split_once('=') {
                Some(("expires", v)) => expires = v.to_owned(),
                Some(("signature", v)) => signature = v.to_owned(),
                _ => {}
            }
        }
        (base.to_owned(), expires, signature)
    }

    #[test]
    fn inputs_are_checked_field_by_field() {
        let s = signer();
        let field = |r: Result<Presigned, PresignError>| r.err().map(|e| e.field());
        assert_eq!(
            field(presign(&s, "http://h", "c", "a.png", "text/html", None, 0)),
            Some("contentType")
        );
        assert_eq!(
            field(presign(
                &s,
                "http://h",
                "c",
                "a.svg",
                "image/svg+xml",
                None,
                0
            )),
            Some("contentType")
        );
        assert_eq!(
            field(presign(&s, "http://h", "c", "  ", "image/png", None, 0)),
            Some("fileName")
        );
        assert_eq!(
            field(presign(
                &s,
                "http://h",
                "c",
                "../etc/passwd",
                "image/png",
                None,
                0
            )),
            Some("fileName")
        );
        assert_eq!(
            field(presign(
                &s,
                "http://h",
                "c",
                "a\\b.png",
                "image/png",
                None,
                0
            )),
            Some("fileName")
        );
        assert_eq!(
            field(presign(
                &s,
                "http://h",
                "c",
                "doc.pdf",
                "image/png",
                None,
                0
            )),
            Some("fileName")
        );
        assert_eq!(
            field(presign(
                &s,
                "http://h",
                "c",
                "a.png",
                "image/png",
                Some("../x"),
                0
            )),
            Some("folder")
        );
        assert_eq!(
            field(presign(
                &s,
                "http://h",
                "c",
                "a.png",
                "image/png",
                Some("a/b/c/d"),
                0
            )),
            Some("folder")
        );
        let ok = presign(
            &s,
            "http://h",
            "c",
            "résumé.JPEG",
            "Image/JPEG; charset=binary",
            None,
            0,
        )
        .expect("ok");
        assert!(
            ok.file_url.contains("/uploads/c/files/") && ok.file_url.ends_with("-r-sum.jpg"),
            "{}",
            ok.file_url
        );
        let ok = presign(&s, "http://h", "c", "???", "application/pdf", None, 0).expect("ok");
        assert!(ok.file_url.ends_with("-file.pdf"), "{}", ok.file_url);
        let ok = presign(&s, "http://h", "c", "shirt.v2", "image/webp", None, 0).expect("ok");
        assert!(ok.file_url.ends_with("-shirt.v2.webp"), "{}", ok.file_url);
    }

    #[test]
    fn only_paths_this_module_makes_are_files() {
        let key = |k: &str| FileKey::parse(k).ok();
        assert_eq!(file_key("c/files/x-a.png"), key("uploads/c/files/x-a.png"));
        assert_eq!(file_key("c/a/b/c/x.png"), key("uploads/c/a/b/c/x.png"));
        for bad in [
            "c/x.png",
            "c/../x.png",
            "c/files/.hidden",
            "c//x.png",
            "c/a/b/c/d/x.png",
            "c/files/x y.png",
            "c/files/%2e%2e",
        ] {
            assert_eq!(file_key(bad), None, "{bad}");
        }
        let of = |k: &str| content_type_of(&FileKey::parse(k).expect("key"));
        assert_eq!(of("a/b.pdf"), "application/pdf");
        assert_eq!(of("a/b.html"), "application/octet-stream");
    }
}
