//! The storage port on both adapters: the local directory and an S3-compatible bucket (the
//! sandbox's, which checks SigV4 as S3 does). The same operations, the same answers; on the
//! bucket, presigned uploads that bind their type and size, and refusals of tampered, expired
//! and unsigned requests.
use std::time::Duration;

use connectors::storage::{FileError, FileKey, FileStore, FilesConfig, S3Settings};
use sandbox::s3::{S3Config, S3Handle};

struct Stores {
    _dir: tempfile::TempDir,
    local: FileStore,
    bucket: FileStore,
    s3: S3Handle,
}

async fn stores() -> Stores {
    let dir = tempfile::tempdir().expect("temp dir");
    let s3 = sandbox::s3::start(S3Config::new(&dir.path().join("s3")))
        .await
        .expect("S3 sandbox");
    let local = FileStore::open(&FilesConfig::Local {
        root: dir.path().join("data"),
    })
    .expect("local store");
    let bucket = FileStore::open(&FilesConfig::S3(settings(&s3))).expect("bucket store");
    Stores {
        _dir: dir,
        local,
        bucket,
        s3,
    }
}

fn settings(s3: &S3Handle) -> S3Settings {
    S3Settings {
        bucket: s3.config().bucket.clone(),
        endpoint: Some(s3.base_url().to_owned()),
        region: "us-east-1".into(),
        access_key_id: s3.config().access_key_id.clone(),
        secret_access_key: s3.config().secret_access_key.clone(),
        path_style: true,
    }
}

fn key(k: &str) -> FileKey {
    FileKey::parse(k).expect("key")
}

#[tokio::test]
async fn exports_and_mockups_are_written_and_read_back_on_both_adapters() {
    let s = stores().await;
    for (name, store) in [("local", &s.local), ("bucket", &s.bucket)] {
        // An export, written piece by piece: nothing shows until it is finished.
        let export = key("exports/client-1/export-1.csv");
        let mut writer = store.writer(&export).await.expect("writer");
        writer.write(b"order,total\n").await.expect("write");
        writer.write(b"A-1,12.50\n").await.expect("write");
        assert_eq!(store.size(&export).await.expect("size"), None, "{name}");
        writer.finish().await.expect("finish");
        assert_eq!(store.size(&export).await.expect("size"), Some(22), "{name}");
        let read = store.read(&export, 1024).await.expect("read");
        assert_eq!(read.bytes, b"order,total\nA-1,12.50\n", "{name}");

        // A mockup (a rendered picture), put whole, read back and streamed.
        let mockup = key("mockups/client-1/product-1/front.png");
        let picture: Vec<u8> = (0..70_000u32).map(|i| (i % 251) as u8).collect();
        store.put(&mockup, picture.clone()).await.expect("put");
        assert_eq!(
            store.read(&mockup, 100_000).await.expect("read").bytes,
            picture,
            "{name}"
        );
        let mut stream = store.stream(&mockup).await.expect("stream");
        assert_eq!(stream.size, 70_000);
        let mut streamed = Vec::new();
        use futures::StreamExt;
        while let Some(chunk) = stream.chunks.next().await {
            streamed.extend(chunk.expect("chunk"));
        }
        assert_eq!(streamed, picture, "{name}");

        // Over the reader's cap: refused, naming the file.
        assert_eq!(
            store.read(&mockup, 1_000).await.err(),
            Some(FileError::TooLarge {
                key: mockup.to_string(),
                max: 1_000
            }),
            "{name}"
        );
        // A missing file says which.
        let missing = key("uploads/client-1/designs/gone.png");
        let err = store.read(&missing, 1_000).await.expect_err("missing");
        assert_eq!(err, FileError::NotFound(missing.to_string()), "{name}");
        assert!(!err.is_transient());
        assert_eq!(store.size(&missing).await.expect("size"), None, "{name}");

        store.delete(&mockup).await.expect("delete");
        assert_eq!(store.size(&mockup).await.expect("size"), None, "{name}");
    }
    // The local adapter keeps today's layout: a key is a path under DATA_DIR.
    assert_eq!(
        std::fs::read(s._dir.path().join("data/exports/client-1/export-1.csv")).expect("file"),
        b"order,total\nA-1,12.50\n"
    );
    // And the bucket's objects are where the stand-in keeps them, not on that disk.
    assert!(s.s3.object_path("exports/client-1/export-1.csv").exists());
}

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("client")
}

async fn put(url: &str, content_type: &str, body: Vec<u8>) -> reqwest::Response {
    http()
        .put(url)
        .header("content-type", content_type)
        .header("if-none-match", "*")
        .body(body)
        .send()
        .await
        .expect("put")
}

/// The URL with one query parameter replaced.
fn with_param(url: &str, name: &str, value: &str) -> String {
    let mut parsed = reqwest::Url::parse(url).expect("url");
    let pairs: Vec<(String, String)> = parsed
        .query_pairs()
        .map(|(k, v)| {
            let v = if k == name {
                value.to_owned()
            } else {
                v.into_owned()
            };
            (k.into_owned(), v)
        })
        .collect();
    parsed.query_pairs_mut().clear().extend_pairs(pairs);
    parsed.to_string()
}

fn param(url: &str, name: &str) -> String {
    reqwest::Url::parse(url)
        .expect("url")
        .query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
        .expect("param")
}

#[tokio::test]
async fn presigned_uploads_bind_type_size_key_and_time() {
    let s = stores().await;
    let target = key("uploads/client-1/designs/abc-front.png");
    let body = vec![7u8; 1_000];
    let presign = |expires: Duration| {
        let bucket = s.bucket.clone();
        let target = target.clone();
        async move {
            bucket
                .presign_put(&target, "image/png", 1_000, expires)
                .await
                .expect("presign")
                .expect("a bucket presigns")
                .url
        }
    };
    // The local directory presigns nothing: the API signs its own upload URLs.
    assert_eq!(
        s.local
            .presign_put(&target, "image/png", 1_000, Duration::from_secs(60))
            .await
            .expect("presign"),
        None
    );
    let url = presign(Duration::from_secs(600)).await;
    assert!(url.starts_with(s.s3.base_url()), "{url}");
    assert!(
        !url.contains(&s.s3.config().secret_access_key),
        "the secret never travels"
    );

    let refused = |res: reqwest::Response| async move {
        let status = res.status().as_u16();
        let text = res.text().await.unwrap_or_default();
        (status, text)
    };
    // Tampered: the signature, the expiry, the key, an added query parameter.
    let sig = param(&url, "X-Amz-Signature");
    let flipped = format!(
        "{}{}",
        if sig.starts_with('0') { '1' } else { '0' },
        &sig[1..]
    );
    let longer = with_param(&url, "X-Amz-Expires", "604800");
    let other_key = url.replace("abc-front.png", "abc-other.png");
    let added = format!("{url}&x-id=PutObject");
    for tampered in [
        with_param(&url, "X-Amz-Signature", &flipped),
        longer,
        other_key,
        added,
    ] {
        let (status, text) = refused(put(&tampered, "image/png", body.clone()).await).await;
        assert_eq!(status, 403, "{tampered}: {text}");
    }
    // Another type or another size than signed.
    let (status, _) = refused(put(&url, "image/jpeg", body.clone()).await).await;
    assert_eq!(status, 403);
    let (status, _) = refused(put(&url, "image/png", vec![7u8; 1_001]).await).await;
    assert_eq!(status, 403);
    // Unsigned: the bucket is private, for writes and reads.
    let bare = url.split('?').next().expect("path").to_owned();
    let (status, _) = refused(put(&bare, "image/png", body.clone()).await).await;
    assert_eq!(status, 403);
    assert_eq!(s.bucket.size(&target).await.expect("size"), None);

    // As signed: stored, and readable through the port.
    let res = put(&url, "image/png", body.clone()).await;
    assert_eq!(
        res.status(),
        200,
        "{}",
        res.text().await.unwrap_or_default()
    );
    assert_eq!(
        s.bucket.read(&target, 10_000).await.expect("read").bytes,
        body
    );
    assert_eq!(
        http().get(&bare).send().await.expect("get").status(),
        403,
        "no public reads"
    );
    let get = s
        .bucket
        .presign_get(&target, Duration::from_secs(60))
        .await
        .expect("presign get")
        .expect("url");
    let got = http().get(&get).send().await.expect("get");
    assert_eq!(got.status(), 200);
    assert_eq!(got.bytes().await.expect("bytes").to_vec(), body);

    // Expired: signed correctly, but its second is up.
    let short = presign(Duration::from_secs(1)).await;
    // Waited for by the clock, not by a fixed sleep: S3 counts whole seconds from X-Amz-Date.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !expired(&short) {
        assert!(
            std::time::Instant::now() < deadline,
            "the clock did not move"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (status, text) = refused(put(&short, "image/png", vec![9u8; 1_000]).await).await;
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("expired"), "{text}");
    assert_eq!(
        s.bucket.read(&target, 10_000).await.expect("read").bytes,
        body,
        "the expired URL changed nothing"
    );
}

/// True once the URL's `X-Amz-Date` + `X-Amz-Expires` is behind the clock (whole seconds, as
/// S3 counts).
fn expired(url: &str) -> bool {
    let date = param(url, "X-Amz-Date");
    let expires: i64 = param(url, "X-Amz-Expires").parse().expect("expires");
    let Ok(signed) = chrono::NaiveDateTime::parse_from_str(&date, "%Y%m%dT%H%M%SZ") else {
        return false;
    };
    let end = signed.and_utc().timestamp() + expires;
    chrono::Utc::now().timestamp() > end + 1
}
