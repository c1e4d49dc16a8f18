//! Uploads: files (product images, size charts, designs) go to the API itself, not to a bucket.
//! `getPresignedUrl` hands out a signed PUT URL that expires after 15 minutes; the PUT here
//! checks the signature, the expiry, the Content-Type the URL was made for and the size, and
//! writes the file under `DATA_DIR/uploads/{client}/{folder}/{uuid}-{name}`. The same path
//! without the query is the file's public GET URL: marketplaces and print providers fetch it
//! without credentials, so names carry a random UUID. docs/decisions.md says why not S3.
//!
//! The signature is `hex(HMAC-SHA256(k, "PUT\n" + path + "\n" + expires + "\n" + content type))`
//! with `k` derived from the server's secrets key, so every replica sharing `SECRETS_KEY`
//! accepts the URLs any of them made.
//!
//! A URL stores one file once: the PUT that stores it records the URL's path in SQL
//! (`domain::uploads`), so a second PUT of a URL that leaked (a log, a proxy, a browser's
//! history) cannot replace a file marketplaces already fetch. The record is taken after the
//! body arrived whole and given back when the file cannot be written.
use std::path::{Path as FsPath, PathBuf};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{FromRef, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::put;
use axum::{Json, Router};
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
}

impl PresignError {
    pub fn field(&self) -> &'static str {
        match self {
            PresignError::ContentType(_) => "contentType",
            PresignError::FileName(_) => "fileName",
            PresignError::Folder(_) => "folder",
        }
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

/// Makes the URLs of one upload for `client_id`. `public_url` is the server's base URL, `now`
/// Unix seconds.
pub fn presign(
    signer: &Signer,
    public_url: &str,
    client_id: &str,
    file_name: &str,
    content_type: &str,
    folder: Option<&str>,
    now: i64,
) -> Result<Presigned, PresignError> {
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
    let path = format!(
        "{PREFIX}/{client_id}/{folder}/{}-{name}",
        uuid::Uuid::new_v4().simple()
    );
    let expires = now + URL_LIFETIME.as_secs() as i64;
    let signature = signer.sign(&path, expires, content_type);
    let base = public_url.trim_end_matches('/');
    Ok(Presigned {
        presigned_url: format!("{base}{path}?expires={expires}&signature={signature}"),
        file_url: format!("{base}{path}"),
    })
}

/// Where a request path's file lives, when the path is one this module could have made:
/// `/uploads/{client}/{1..3 folder parts}/{file}`, every part safe.
fn file_path(root: &FsPath, rest: &str) -> Option<PathBuf> {
    let segments: Vec<&str> = rest.split('/').collect();
    if !(3..=5).contains(&segments.len()) || !segments.iter().all(|s| safe_segment(s)) {
        return None;
    }
    Some(segments.iter().fold(root.to_path_buf(), |p, s| p.join(s)))
}

fn content_type_of(path: &FsPath) -> &'static str {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
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
    let root = app.config.storage.data_dir.join("uploads");
    let Some(target) = file_path(&root, &rest) else {
        return refuse(StatusCode::NOT_FOUND, "not an upload path");
    };
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
    if let Err(e) = write_atomically(&target, &bytes).await {
        tracing::error!(path = %target.display(), error = %e, "upload could not be stored");
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

/// Writes beside the target and renames, so a reader never sees half a file.
async fn write_atomically(target: &FsPath, bytes: &[u8]) -> std::io::Result<()> {
    let dir = target
        .parent()
        .ok_or_else(|| std::io::Error::other("no parent directory"))?;
    tokio::fs::create_dir_all(dir).await?;
    let temp = dir.join(format!(".{}.part", uuid::Uuid::new_v4().simple()));
    if let Err(e) = tokio::fs::write(&temp, bytes).await {
        let _ = tokio::fs::remove_file(&temp).await;
        return Err(e);
    }
    tokio::fs::rename(&temp, target).await
}

async fn serve(State(app): State<AppState>, Path(rest): Path<String>) -> Response {
    let root = app.config.storage.data_dir.join("uploads");
    let Some(path) = file_path(&root, &rest) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match tokio::fs::read(&path).await {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, content_type_of(&path)),
                // Names are unique and files never change under a name once written.
                (header::CACHE_CONTROL, "public, max-age=86400"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            bytes,
        )
            .into_response(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => StatusCode::NOT_FOUND.into_response(),
        Err(e) => {
            tracing::error!(path = %path.display(), error = %e, "upload could not be read");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
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
        let root = FsPath::new("/data/uploads");
        assert_eq!(
            file_path(root, "c/files/x-a.png"),
            Some(PathBuf::from("/data/uploads/c/files/x-a.png"))
        );
        assert_eq!(
            file_path(root, "c/a/b/c/x.png"),
            Some(PathBuf::from("/data/uploads/c/a/b/c/x.png"))
        );
        for bad in [
            "c/x.png",
            "c/../x.png",
            "c/files/.hidden",
            "c//x.png",
            "c/a/b/c/d/x.png",
            "c/files/x y.png",
            "c/files/%2e%2e",
        ] {
            assert_eq!(file_path(root, bad), None, "{bad}");
        }
        assert_eq!(content_type_of(FsPath::new("a/b.pdf")), "application/pdf");
        assert_eq!(
            content_type_of(FsPath::new("a/b.html")),
            "application/octet-stream"
        );
    }
}
