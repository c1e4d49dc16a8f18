//! Where the bytes of an image a seller linked come from: the API's own uploads are read from
//! `DATA_DIR/uploads` (the server never fetches itself over HTTP), anything else goes through
//! the guarded fetcher. Every refusal or failure reads the same to the seller; the cause is
//! logged with the URL's host only (a path or query may carry someone's token).
use std::path::PathBuf;

use connectors::fetch::{FetchError, Fetched};

use crate::JobError;
use crate::context::JobContext;

/// The image at `url`, for a job of `client_id`.
pub async fn load(ctx: &JobContext, client_id: &str, url: &str) -> Result<Fetched, JobError> {
    let loaded = match own_upload(&ctx.config.public_url, &ctx.config.data_dir, client_id, url) {
        Own::File(path) => read_upload(&path, ctx.fetcher.config().max_bytes).await,
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
enum Own {
    /// Not a file of ours.
    No,
    File(PathBuf),
    /// Under our `/uploads/` but not a file this client may read.
    Refused(&'static str),
}

/// Recognises a file URL `getPresignedUrl` handed out: `{PUBLIC_URL}/uploads/{client}/{1 to 3
/// folder parts}/{file}`, with every part as the uploads module writes them, of the job's own
/// client.
fn own_upload(public_url: &str, data_dir: &std::path::Path, client_id: &str, url: &str) -> Own {
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
    let safe = |s: &&str| {
        !s.is_empty()
            && s.len() <= 200
            && !s.starts_with('.')
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
    };
    if url.query().is_some() || !(3..=5).contains(&parts.len()) || !parts.iter().all(safe) {
        return Own::Refused("not a file of the uploads");
    }
    if parts[0] != client_id {
        return Own::Refused("an upload of another client");
    }
    Own::File(
        parts
            .iter()
            .fold(data_dir.join("uploads"), |path, part| path.join(part)),
    )
}

/// Reads an uploaded image, capped like a fetch; its type is its extension's, as the API
/// serves it.
async fn read_upload(path: &std::path::Path, max_bytes: usize) -> Result<Fetched, FetchError> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let content_type = match extension.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "gif" => "image/gif",
        other => {
            return Err(FetchError::NotImage(format!(
                "upload with extension {other:?}"
            )));
        }
    };
    let size = tokio::fs::metadata(path)
        .await
        .map_err(|e| FetchError::Refused(format!("upload not readable: {}", e.kind())))?
        .len();
    if size > max_bytes as u64 {
        return Err(FetchError::TooLarge(max_bytes));
    }
    let bytes = tokio::fs::read(path)
        .await
        .map_err(|e| FetchError::Refused(format!("upload not readable: {}", e.kind())))?;
    if bytes.len() > max_bytes {
        return Err(FetchError::TooLarge(max_bytes));
    }
    Ok(Fetched {
        bytes,
        content_type: content_type.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn own_uploads_are_files_of_the_client() {
        let base = "http://127.0.0.1:8080";
        let data = Path::new("/data");
        let own = |url: &str| own_upload(base, data, "c1", url);
        assert_eq!(
            own("http://127.0.0.1:8080/uploads/c1/files/abc-a.png"),
            Own::File(PathBuf::from("/data/uploads/c1/files/abc-a.png"))
        );
        assert_eq!(
            own("http://127.0.0.1:8080/uploads/c1/designs/front/x-b.jpg"),
            Own::File(PathBuf::from("/data/uploads/c1/designs/front/x-b.jpg"))
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
                data,
                "c1",
                "https://app.test/sd/uploads/c1/files/a.png"
            ),
            Own::File(PathBuf::from("/data/uploads/c1/files/a.png"))
        );
    }
}
