//! The storage port: every file the product keeps (design uploads, order exports, mockups,
//! provider labels) is one object under a [`FileKey`], in one of two places:
//!
//! - a local directory (`DATA_DIR`; the embedded default), where a key is a path below it, so
//!   `uploads/{client}/{folder}/{file}` is the file `DATA_DIR/uploads/{client}/{folder}/{file}`
//!   as it always was;
//! - an S3-compatible bucket (`S3_BUCKET`, …), reached through `object_store`, which signs every
//!   request and every presigned URL with SigV4. Nothing here signs by hand.
//!
//! Both adapters are `object_store` stores, so reads, writes and their errors are the same code
//! on both; only presigning differs (a bucket presigns, the local directory's uploads are signed
//! by the API itself). A presigned upload must bind its size, and `object_store` will not sign
//! `Content-Length`, so that one URL is signed by `aws-sigv4`, the AWS SDK's signer. Errors never carry the store's URL, a key id or a secret: an
//! `object_store` error names the request it failed on, so it is reduced to its kind here.
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use futures::stream::BoxStream;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::signer::{Method, Signer};
use object_store::{
    ClientOptions, ObjectStore, ObjectStoreExt, PutPayload, RetryConfig, WriteMultipart,
};

/// Where files are kept, as configured.
#[derive(Clone)]
pub enum FilesConfig {
    /// Under this directory (`DATA_DIR`).
    Local { root: PathBuf },
    /// In an S3-compatible bucket.
    S3(S3Settings),
}

/// An S3-compatible bucket: `S3_BUCKET`, `S3_ENDPOINT` (unset: AWS), `S3_REGION`,
/// `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`, `S3_PATH_STYLE`. The keys never print: `Debug`
/// leaves them out.
#[derive(Clone)]
pub struct S3Settings {
    pub bucket: String,
    /// `http(s)://host[:port]` of an S3-compatible service; `None` = AWS S3 of `region`.
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key_id: String,
    pub secret_access_key: String,
    /// `{endpoint}/{bucket}/{key}` (true) or `{bucket}.{endpoint}/{key}` (false).
    pub path_style: bool,
}

impl fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("S3Settings")
            .field("bucket", &self.bucket)
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("path_style", &self.path_style)
            .finish_non_exhaustive()
    }
}

impl FilesConfig {
    /// The origin browsers PUT uploads to (`scheme://host[:port]`), when files are in a bucket:
    /// the web app's Content-Security-Policy must let it connect there. Derived as
    /// `object_store` addresses the bucket: the endpoint as given, else AWS's host of the region
    /// (the bucket's own subdomain when virtual-hosted).
    pub fn upload_origin(&self) -> Option<String> {
        let FilesConfig::S3(s3) = self else {
            return None;
        };
        match &s3.endpoint {
            Some(endpoint) => {
                let url = url::Url::parse(endpoint).ok()?;
                let origin = url.origin();
                origin.is_tuple().then(|| origin.ascii_serialization())
            }
            None if s3.path_style => Some(format!("https://s3.{}.amazonaws.com", s3.region)),
            None => Some(format!(
                "https://{}.s3.{}.amazonaws.com",
                s3.bucket, s3.region
            )),
        }
    }
}

impl fmt::Debug for FilesConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilesConfig::Local { root } => f.debug_struct("Local").field("root", root).finish(),
            FilesConfig::S3(s3) => s3.fmt(f),
        }
    }
}

impl fmt::Display for FilesConfig {
    /// One line for the start-up banner; no key, no secret.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilesConfig::Local { root } => write!(f, "local directory {}", root.display()),
            FilesConfig::S3(s3) => write!(
                f,
                "S3 bucket {} at {} ({}, {})",
                s3.bucket,
                s3.endpoint.as_deref().unwrap_or("AWS"),
                s3.region,
                if s3.path_style {
                    "path-style"
                } else {
                    "virtual-hosted"
                }
            ),
        }
    }
}

/// Why a file could not be stored or read. The texts name the file's key at most: never the
/// store's address, a key id or a secret.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    #[error("the file {0} does not exist")]
    NotFound(String),
    #[error("the file {key} is larger than {max} bytes")]
    TooLarge { key: String, max: usize },
    #[error("not a file key: {0}")]
    InvalidKey(String),
    #[error("the file storage refused the request ({0})")]
    Refused(&'static str),
    #[error("the file storage is unavailable ({0})")]
    Unavailable(&'static str),
    #[error("the file storage is misconfigured: {0}")]
    Config(String),
}

impl FileError {
    /// Worth trying again later: the store did not answer, or answered an error of its own.
    pub fn is_transient(&self) -> bool {
        matches!(self, FileError::Unavailable(_))
    }

    fn from_store(key: &str, e: object_store::Error) -> FileError {
        use object_store::Error as E;
        match e {
            E::NotFound { .. } => FileError::NotFound(key.to_owned()),
            E::InvalidPath { .. } => FileError::InvalidKey(key.to_owned()),
            E::PermissionDenied { .. } => FileError::Refused("permission denied"),
            E::Unauthenticated { .. } => FileError::Refused("not authenticated"),
            E::AlreadyExists { .. } => FileError::Refused("the file exists already"),
            E::Precondition { .. } | E::NotModified { .. } => {
                FileError::Refused("a precondition failed")
            }
            E::NotSupported { .. } | E::NotImplemented { .. } => {
                FileError::Refused("not supported by this storage")
            }
            _ => FileError::Unavailable("the request failed"),
        }
    }
}

pub type Result<T> = std::result::Result<T, FileError>;

/// A file's place in the store: `/`-separated parts of letters, digits, `.`, `_` and `-`, none
/// empty or starting with a dot. Made only through [`FileKey::parse`], so a key can never climb
/// out of the local directory or name another prefix.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FileKey(String);

impl FileKey {
    pub fn parse(key: &str) -> Result<FileKey> {
        let ok = !key.is_empty()
            && key.len() <= 1024
            && key.split('/').all(|part| {
                !part.is_empty()
                    && part.len() <= 255
                    && !part.starts_with('.')
                    && part
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
            });
        if ok {
            Ok(FileKey(key.to_owned()))
        } else {
            Err(FileError::InvalidKey(key.chars().take(120).collect()))
        }
    }

    /// `{area}/{client}/{rest}`: the one layout of every client's files.
    pub fn of_client(area: &str, client_id: &str, rest: &str) -> Result<FileKey> {
        FileKey::parse(&format!("{area}/{client_id}/{rest}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The last part: the file's name.
    pub fn file_name(&self) -> &str {
        self.0.rsplit('/').next().unwrap_or(&self.0)
    }

    fn path(&self) -> Path {
        Path::from(self.0.as_str())
    }
}

impl fmt::Display for FileKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A file read whole.
#[derive(Debug, Clone)]
pub struct StoredFile {
    pub bytes: Vec<u8>,
}

/// A file as a stream of chunks, with its size, for serving without holding it in memory.
pub struct FileStream {
    pub size: u64,
    pub chunks: BoxStream<'static, std::result::Result<Vec<u8>, FileError>>,
}

/// A presigned upload: PUT the bytes to `url` with the `Content-Type` and `Content-Length` it
/// was made for and `If-None-Match: *` (all three are part of the signature).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresignedPut {
    pub url: String,
}

/// The storage port. Cheap to clone.
#[derive(Clone)]
pub struct FileStore {
    store: Arc<dyn ObjectStore>,
    /// The bucket, for presigning; `None` for the local directory.
    s3: Option<Arc<Bucket>>,
    description: String,
}

impl fmt::Debug for FileStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

impl FileStore {
    /// Opens the configured store. The local directory is created when missing; nothing is
    /// asked of a bucket until the first request.
    pub fn open(config: &FilesConfig) -> Result<FileStore> {
        match config {
            FilesConfig::Local { root } => {
                std::fs::create_dir_all(root).map_err(|e| {
                    FileError::Config(format!("cannot create {}: {}", root.display(), e.kind()))
                })?;
                let local = LocalFileSystem::new_with_prefix(root)
                    .map_err(|_| {
                        FileError::Config(format!("cannot use {} for files", root.display()))
                    })?
                    // An export or upload that was acknowledged survives a crash.
                    .with_fsync(true);
                Ok(FileStore {
                    store: Arc::new(local),
                    s3: None,
                    description: config.to_string(),
                })
            }
            FilesConfig::S3(s3) => {
                let mut builder = AmazonS3Builder::new()
                    .with_bucket_name(&s3.bucket)
                    .with_region(&s3.region)
                    .with_virtual_hosted_style_request(!s3.path_style)
                    .with_access_key_id(&s3.access_key_id)
                    .with_secret_access_key(&s3.secret_access_key)
                    // A few quick retries only: jobs retry with their own backoff, and a request
                    // must not wait minutes on a bucket that is down.
                    .with_retry(RetryConfig {
                        max_retries: 3,
                        retry_timeout: Duration::from_secs(20),
                        ..RetryConfig::default()
                    })
                    .with_client_options(
                        ClientOptions::new()
                            .with_connect_timeout(Duration::from_secs(5))
                            .with_timeout(Duration::from_secs(60)),
                    );
                if let Some(endpoint) = &s3.endpoint {
                    builder = builder
                        .with_endpoint(endpoint)
                        .with_allow_http(endpoint.starts_with("http://"));
                }
                // The builder's error may quote a setting; only its kind is passed on.
                let bucket = builder.build().map_err(|_| {
                    FileError::Config(
                        "the S3 settings are not usable (check S3_BUCKET, S3_ENDPOINT and S3_REGION)"
                            .into(),
                    )
                })?;
                let store = Arc::new(bucket);
                Ok(FileStore {
                    store: store.clone(),
                    s3: Some(Arc::new(Bucket {
                        store,
                        region: s3.region.clone(),
                        access_key_id: s3.access_key_id.clone(),
                        secret_access_key: s3.secret_access_key.clone(),
                    })),
                    description: config.to_string(),
                })
            }
        }
    }

    /// True when files live in a bucket (uploads go there by presigned PUT).
    pub fn is_bucket(&self) -> bool {
        self.s3.is_some()
    }

    /// Stores `bytes` under `key`, whole or not at all.
    pub async fn put(&self, key: &FileKey, bytes: Vec<u8>) -> Result<()> {
        self.store
            .put(&key.path(), PutPayload::from(bytes))
            .await
            .map(|_| ())
            .map_err(|e| FileError::from_store(key.as_str(), e))
    }

    /// A writer for a file made piece by piece (an export); the file appears only when the
    /// writer finishes (a multipart upload on a bucket, a rename in the directory).
    pub async fn writer(&self, key: &FileKey) -> Result<FileWriter> {
        let upload = self
            .store
            .put_multipart(&key.path())
            .await
            .map_err(|e| FileError::from_store(key.as_str(), e))?;
        Ok(FileWriter {
            key: key.clone(),
            inner: WriteMultipart::new(upload),
        })
    }

    /// The file's size, or `None` when there is no such file.
    pub async fn size(&self, key: &FileKey) -> Result<Option<u64>> {
        match self.store.head(&key.path()).await {
            Ok(meta) => Ok(Some(meta.size)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(FileError::from_store(key.as_str(), e)),
        }
    }

    /// Reads a whole file of at most `max_bytes`.
    pub async fn read(&self, key: &FileKey, max_bytes: usize) -> Result<StoredFile> {
        let got = self
            .store
            .get(&key.path())
            .await
            .map_err(|e| FileError::from_store(key.as_str(), e))?;
        let too_large = || FileError::TooLarge {
            key: key.to_string(),
            max: max_bytes,
        };
        if got.meta.size > max_bytes as u64 {
            return Err(too_large());
        }
        let bytes = got
            .bytes()
            .await
            .map_err(|e| FileError::from_store(key.as_str(), e))?;
        if bytes.len() > max_bytes {
            return Err(too_large());
        }
        Ok(StoredFile {
            bytes: bytes.to_vec(),
        })
    }

    /// Streams a file, for serving it.
    pub async fn stream(&self, key: &FileKey) -> Result<FileStream> {
        let got = self
            .store
            .get(&key.path())
            .await
            .map_err(|e| FileError::from_store(key.as_str(), e))?;
        let size = got.meta.size;
        let name = key.to_string();
        let chunks = got
            .into_stream()
            .map(move |chunk| {
                chunk
                    .map(|b| b.to_vec())
                    .map_err(|e| FileError::from_store(&name, e))
            })
            .boxed();
        Ok(FileStream { size, chunks })
    }

    pub async fn delete(&self, key: &FileKey) -> Result<()> {
        match self.store.delete(&key.path()).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(FileError::from_store(key.as_str(), e)),
        }
    }

    /// A URL to PUT `key` to directly, valid for `expires_in`, whose signature binds the
    /// `Content-Type`, the `Content-Length` and `If-None-Match: *`: the bucket refuses another
    /// type, another size, another key, a changed query, a late request, and a second write of
    /// the key. The sender sends those three headers as given. `None` on the local directory,
    /// whose uploads the API receives and signs itself.
    pub async fn presign_put(
        &self,
        key: &FileKey,
        content_type: &str,
        content_length: u64,
        expires_in: Duration,
    ) -> Result<Option<PresignedPut>> {
        let Some(s3) = &self.s3 else {
            return Ok(None);
        };
        // The object's URL as object_store addresses it (endpoint, path or virtual-host style):
        // the query of a presigned GET dropped.
        let mut url = s3
            .store
            .signed_url(Method::GET, &key.path(), expires_in)
            .await
            .map_err(|e| FileError::from_store(key.as_str(), e))?;
        url.set_query(None);
        let length = content_length.to_string();
        let signed = s3
            .presign_put(url.as_str(), content_type, &length, expires_in)
            .ok_or(FileError::Refused("the upload URL could not be signed"))?;
        url.query_pairs_mut().extend_pairs(signed);
        Ok(Some(PresignedPut {
            url: url.to_string(),
        }))
    }

    /// A URL to GET `key` directly from the bucket, valid for `expires_in`; `None` on the local
    /// directory.
    pub async fn presign_get(&self, key: &FileKey, expires_in: Duration) -> Result<Option<String>> {
        let Some(s3) = &self.s3 else {
            return Ok(None);
        };
        let url = s3
            .store
            .signed_url(Method::GET, &key.path(), expires_in)
            .await
            .map_err(|e| FileError::from_store(key.as_str(), e))?;
        Ok(Some(url.to_string()))
    }
}

/// A bucket, with what presigning an upload needs.
struct Bucket {
    store: Arc<AmazonS3>,
    region: String,
    access_key_id: String,
    secret_access_key: String,
}

impl Bucket {
    /// The SigV4 query parameters of a PUT of `url` with exactly this `Content-Type` and
    /// `Content-Length`, valid for `expires_in`, as S3 signs presigned URLs (single
    /// percent-encoding, no path normalisation, unsigned payload).
    fn presign_put(
        &self,
        url: &str,
        content_type: &str,
        content_length: &str,
        expires_in: Duration,
    ) -> Option<Vec<(&'static str, String)>> {
        use aws_sigv4::http_request::{
            PercentEncodingMode, SignableBody, SignableRequest, SignatureLocation, SigningSettings,
            UriPathNormalizationMode, sign,
        };
        let identity = aws_credential_types::Credentials::new(
            &self.access_key_id,
            &self.secret_access_key,
            None,
            None,
            "sellerdesk",
        )
        .into();
        let mut settings = SigningSettings::default();
        settings.signature_location = SignatureLocation::QueryParams;
        settings.expires_in = Some(expires_in);
        settings.percent_encoding_mode = PercentEncodingMode::Single;
        settings.uri_path_normalization_mode = UriPathNormalizationMode::Disabled;
        let params = aws_sigv4::sign::v4::SigningParams::builder()
            .identity(&identity)
            .region(&self.region)
            .name("s3")
            .time(std::time::SystemTime::now())
            .settings(settings)
            .build()
            .ok()?
            .into();
        let request = SignableRequest::new(
            "PUT",
            url,
            [
                ("content-type", content_type),
                ("content-length", content_length),
                // A URL stores one file once: S3 refuses the write when the key exists, so a
                // leaked URL cannot replace a file marketplaces already fetch.
                ("if-none-match", "*"),
            ]
            .into_iter(),
            SignableBody::UnsignedPayload,
        )
        .ok()?;
        let (instructions, _) = sign(request, &params).ok()?.into_parts();
        let (_, query) = instructions.into_parts();
        Some(
            query
                .into_iter()
                .map(|(name, value)| (name, value.into_owned()))
                .collect(),
        )
    }
}

/// A file being written; see [`FileStore::writer`].
pub struct FileWriter {
    key: FileKey,
    inner: WriteMultipart,
}

impl FileWriter {
    /// Adds bytes; parts go out as they fill, at most a few at a time.
    pub async fn write(&mut self, bytes: &[u8]) -> Result<()> {
        self.inner
            .wait_for_capacity(4)
            .await
            .map_err(|e| FileError::from_store(self.key.as_str(), e))?;
        self.inner.write(bytes);
        Ok(())
    }

    /// Makes the file appear, whole.
    pub async fn finish(self) -> Result<()> {
        self.inner
            .finish()
            .await
            .map(|_| ())
            .map_err(|e| FileError::from_store(self.key.as_str(), e))
    }

    /// Gives up: nothing appears under the key.
    pub async fn abort(self) {
        let _ = self.inner.abort().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_cannot_climb_or_hide() {
        assert!(FileKey::parse("uploads/c1/files/abc-a.png").is_ok());
        assert!(FileKey::parse("exports/c1/e1.csv").is_ok());
        for bad in [
            "",
            "/uploads/a.png",
            "uploads//a.png",
            "uploads/../a.png",
            "uploads/.hidden",
            "uploads/a b.png",
            "uploads/a%2e.png",
            "uploads/a\\b.png",
        ] {
            assert!(FileKey::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            FileKey::of_client("uploads", "c1", "files/x.png")
                .expect("key")
                .file_name(),
            "x.png"
        );
    }

    #[test]
    fn browsers_upload_to_the_buckets_origin() {
        let s3 = |endpoint: Option<&str>, path_style: bool| {
            FilesConfig::S3(S3Settings {
                bucket: "files".into(),
                endpoint: endpoint.map(str::to_owned),
                region: "eu-west-1".into(),
                access_key_id: "id".into(),
                secret_access_key: "secret".into(),
                path_style,
            })
            .upload_origin()
        };
        assert_eq!(
            s3(Some("http://127.0.0.1:9000/"), true).as_deref(),
            Some("http://127.0.0.1:9000")
        );
        assert_eq!(
            s3(None, true).as_deref(),
            Some("https://s3.eu-west-1.amazonaws.com")
        );
        assert_eq!(
            s3(None, false).as_deref(),
            Some("https://files.s3.eu-west-1.amazonaws.com")
        );
        assert_eq!(
            FilesConfig::Local {
                root: PathBuf::from("/data")
            }
            .upload_origin(),
            None
        );
    }

    #[test]
    fn settings_never_print_their_keys() {
        let s3 = FilesConfig::S3(S3Settings {
            bucket: "files".into(),
            endpoint: Some("http://127.0.0.1:9000".into()),
            region: "us-east-1".into(),
            access_key_id: "AKIDSECRETLOOKING".into(),
            secret_access_key: "very-secret-key".into(),
            path_style: true,
        });
        for text in [format!("{s3:?}"), s3.to_string()] {
            assert!(!text.contains("AKIDSECRETLOOKING"), "{text}");
            assert!(!text.contains("very-secret-key"), "{text}");
            assert!(text.contains("files"), "{text}");
        }
    }
}
