//! Where the bytes of an image a seller linked come from: the API's own uploads are read from
//! the storage port (the local directory or the bucket; the server never fetches itself over
//! HTTP, and a worker needs no shared disk), anything else goes through the guarded fetcher.
//! Every refusal or failure of a fetch reads the same to the seller; the cause is logged with the
//! URL's host only (a path or query may carry someone's token). An upload of the job's own
//! client is ours to describe: a missing one is named, so the seller knows which to upload again.
use connectors::fetch::{FetchError, Fetched};
use connectors::storage::{FileError, FileKey, FileStore};

use crate::JobError;
use crate::context::JobContext;

/// The image at `url`, for a job of `client_id`.
pub async fn load(ctx: &JobContext, client_id: &str, url: &str) -> Result<Fetched, JobError> {
    let loaded = match own_upload(&ctx.config.public_url, client_id, url) {
        Own::File(key) => {
            return read_upload(&ctx.files, client_id, &key, ctx.fetcher.config().max_bytes).await;
        }
        Own::Refused(why) => Err(FetchError::Refused(why.into())),
        Own::No => ctx.fetcher.image(url).await,
    };
    loaded.map_err(|error| {
        tracing::warn!(client = %client_id, host = %host_of(url), %error, "product image not loaded");
        let message = ctx.fetcher.seller_message();
        if error.is_transient() { JobError::Retry(message) } else { JobError::Permanent(message) }
    })
}

/// The host of a URL, for the log.
fn host_of(url: &str) -> String {
    reqwest::Url::parse(url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .unwrap_or_else(|| "(not a URL)".into())
}

#[derive(Debug, PartialEq, Eq)]
pub enum Own {
    /// Not a file of ours.
    No,
    File(FileKey),
    /// Under our `/uploads/` but not a file this client may read.
    Refused(&'static str),
}

/// Recognises a file URL `getPresignedUrl` handed out: `{PUBLIC_URL}/uploads/{client}/{1 to 3
/// folder parts}/{file}`, with every part as the uploads module writes them, of the job's own
/// client; its key in the store is the same path without the base.
pub fn own_upload(public_url: &str, client_id: &str, url: &str) -> Own {
    let (Ok(base), Ok(url)) = (
        reqwest::Url::parse(public_url),
        reqwest::Url::parse(url.trim()),
    ) else {
        return Own::No;
    };
    if url.origin() != base.origin() {
        return Own::No;
    }
    let base_path = base.path().trim_end_matches('/');
    let Some(rest) = url
        .path()
        .strip_prefix(base_path)
        .and_then(|p| p.strip_prefix("/uploads/"))
    else {
        return Own::No;
    };
    let parts: Vec<&str> = rest.split('/').collect();
    let key = FileKey::parse(&format!("uploads/{rest}"));
    let (false, true, Ok(key)) = (url.query().is_some(), (3..=5).contains(&parts.len()), key)
    else {
        return Own::Refused("not a file of the uploads");
    };
    if parts[0] != client_id {
        return Own::Refused("an upload of another client");
    }
    Own::File(key)
}

/// The name a seller knows an upload by: its key below the client (`designs/front/…-a.png`).
pub fn upload_name(key: &FileKey) -> &str {
    key.as_str().splitn(3, '/').nth(2).unwrap_or(key.as_str())
}

/// Reads an uploaded image, capped like a fetch; its type is its extension's, as the API
/// serves it.
async fn read_upload(
    files: &FileStore,
    client_id: &str,
    key: &FileKey,
    max_bytes: usize,
) -> Result<Fetched, JobError> {
    let name = upload_name(key);
    let extension = key
        .file_name()
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    let content_type = match extension.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "gif" => "image/gif",
        _ => {
            return Err(JobError::Permanent(format!(
                "the uploaded file {name} is not an image (PNG, JPEG, WebP or GIF)"
            )));
        }
    };
    match files.read(key, max_bytes).await {
        Ok(file) => Ok(Fetched {
            bytes: file.bytes,
            content_type: content_type.to_owned(),
        }),
        Err(error) => {
            tracing::warn!(client = %client_id, file = %key, %error, "uploaded image not read");
            Err(file_error(name, &error))
        }
    }
}

/// A storage failure about an upload of the job's client, in the seller's words: a missing or
/// oversized file is named and final; an unreachable store is tried again.
pub fn file_error(name: &str, error: &FileError) -> JobError {
    match error {
        FileError::NotFound(_) => JobError::Permanent(format!(
            "the uploaded file {name} no longer exists: upload it again"
        )),
        FileError::TooLarge { max, .. } => JobError::Permanent(format!(
            "the uploaded file {name} is larger than {} MB",
            max.div_ceil(1024 * 1024)
        )),
        e if e.is_transient() => {
            JobError::Retry("the file storage could not be reached; it will be tried again".into())
        }
        _ => JobError::Permanent(format!("the uploaded file {name} could not be read")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(key: &str) -> Own {
        Own::File(FileKey::parse(key).expect("key"))
    }

    #[test]
    fn own_uploads_are_files_of_the_client() {
        let base = "http://127.0.0.1:8080";
        let own = |url: &str| own_upload(base, "c1", url);
        assert_eq!(
            own("http://127.0.0.1:8080/uploads/c1/files/abc-a.png"),
            file("uploads/c1/files/abc-a.png")
        );
        assert_eq!(
            own("http://127.0.0.1:8080/uploads/c1/designs/front/x-b.jpg"),
            file("uploads/c1/designs/front/x-b.jpg")
        );
        assert_eq!(
            own("http://127.0.0.1:8080/uploads/c2/files/abc-a.png"),
            Own::Refused("an upload of another client")
        );
        assert_eq!(
            own("http://127.0.0.1:8080/uploads/c1/../c2/files/a.png"),
            Own::Refused("an upload of another client")
        );
        assert_eq!(
            own("http://127.0.0.1:8080/uploads/c1/files/.hidden"),
            Own::Refused("not a file of the uploads")
        );
        assert_eq!(
            own("http://127.0.0.1:8080/uploads/c1/a.png"),
            Own::Refused("not a file of the uploads")
        );
        assert_eq!(
            own("http://127.0.0.1:8080/uploads/c1/files/%2e%2e-a.png"),
            Own::Refused("not a file of the uploads")
        );
        assert_eq!(
            own("http://127.0.0.1:8080/uploads/c1/files/a.png?x=1"),
            Own::Refused("not a file of the uploads")
        );
        assert_eq!(own("http://127.0.0.1:8081/uploads/c1/files/a.png"), Own::No);
        assert_eq!(own("https://img.test/uploads/c1/files/a.png"), Own::No);
        assert_eq!(own("http://127.0.0.1:8080/graphql"), Own::No);
        assert_eq!(
            own_upload(
                "https://app.test/sd/",
                "c1",
                "https://app.test/sd/uploads/c1/files/a.png"
            ),
            file("uploads/c1/files/a.png")
        );
    }

    #[test]
    fn a_missing_upload_is_named_and_final() {
        let key = FileKey::parse("uploads/c1/designs/front/x-b.png").expect("key");
        assert_eq!(upload_name(&key), "designs/front/x-b.png");
        let err = file_error(upload_name(&key), &FileError::NotFound(key.to_string()));
        match err {
            JobError::Permanent(text) => {
                assert!(text.contains("designs/front/x-b.png"), "{text}");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            file_error("a.png", &FileError::Unavailable("down")),
            JobError::Retry(_)
        ));
    }
}
