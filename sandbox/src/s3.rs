//! An S3-compatible object storage stand-in: the S3 REST API of `s3s` over a directory
//! (`s3s-fs`), path-style (`{base}/{bucket}/{key}`), one bucket created at start, one key pair.
//! Every request must be signed with AWS Signature V4 by that key pair, in headers or as a
//! presigned URL; a presigned URL is refused once its `X-Amz-Expires` has run out, and when any
//! signed part (path, query, signed headers such as `Content-Type` and `Content-Length`) was
//! changed. Unsigned requests are refused: the bucket is private, as the product's must be.
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder as ConnBuilder;
use s3s::auth::SimpleAuth;
use s3s::service::S3ServiceBuilder;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// The key pair of the standalone sandbox binary when none is given: test keys, published.
pub const TEST_ACCESS_KEY_ID: &str = "SDSANDBOXTESTKEY0001";
pub const TEST_SECRET_ACCESS_KEY: &str = "sellerdesk-sandbox-test-secret-key-0001";

/// The bucket and the one key pair the stand-in accepts.
#[derive(Debug, Clone)]
pub struct S3Config {
    pub bucket: String,
    pub access_key_id: String,
    pub secret_access_key: String,
    /// Where objects are kept: `{root}/{bucket}/{key}`.
    pub root: PathBuf,
}

impl S3Config {
    /// A bucket under `root` with a fresh random key pair.
    pub fn new(root: &Path) -> S3Config {
        use rand::Rng;
        use rand::distr::Alphanumeric;
        let random = |n: usize| -> String {
            rand::rng()
                .sample_iter(&Alphanumeric)
                .take(n)
                .map(char::from)
                .collect()
        };
        S3Config {
            bucket: "sellerdesk-files".into(),
            access_key_id: format!("SDSANDBOX{}", random(11).to_ascii_uppercase()),
            secret_access_key: random(40),
            root: root.to_path_buf(),
        }
    }
}

/// A running stand-in; stops when dropped.
pub struct S3Handle {
    base_url: String,
    config: S3Config,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl S3Handle {
    /// `http://127.0.0.1:PORT`: the endpoint (`S3_ENDPOINT`).
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn config(&self) -> &S3Config {
        &self.config
    }

    /// The variables that point Sellerdesk at this bucket.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("S3_BUCKET", self.config.bucket.clone()),
            ("S3_ENDPOINT", self.base_url.clone()),
            ("S3_REGION", "us-east-1".into()),
            ("S3_ACCESS_KEY_ID", self.config.access_key_id.clone()),
            (
                "S3_SECRET_ACCESS_KEY",
                self.config.secret_access_key.clone(),
            ),
            ("S3_PATH_STYLE", "true".into()),
        ]
    }

    /// Where the stand-in keeps an object, for tests that look behind the API.
    pub fn object_path(&self, key: &str) -> PathBuf {
        key.split('/')
            .fold(self.config.root.join(&self.config.bucket), |p, part| {
                p.join(part)
            })
    }

    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for S3Handle {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// Serves the stand-in on `addr`, with the bucket created.
pub async fn serve(addr: SocketAddr, config: S3Config) -> std::io::Result<S3Handle> {
    // s3s-fs keeps each bucket as a directory of its root: making it is creating the bucket.
    std::fs::create_dir_all(config.root.join(&config.bucket))?;
    let fs = s3s_fs::FileSystem::new(&config.root)
        .map_err(|e| std::io::Error::other(format!("s3s-fs: {e:?}")))?;
    let service = {
        let mut builder = S3ServiceBuilder::new(fs);
        builder.set_auth(SimpleAuth::from_single(
            config.access_key_id.clone(),
            config.secret_access_key.clone(),
        ));
        builder.build()
    };
    let listener = TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let (tx, mut rx) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let http = ConnBuilder::new(TokioExecutor::new());
        loop {
            let socket = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((socket, _)) => socket,
                    Err(e) => {
                        tracing::warn!(error = %e, "S3 sandbox: accept failed");
                        continue;
                    }
                },
                _ = &mut rx => break,
            };
            let conn = http
                .serve_connection(TokioIo::new(socket), service.clone())
                .into_owned();
            tokio::spawn(async move {
                let _ = conn.await;
            });
        }
    });
    Ok(S3Handle {
        base_url: format!("http://{addr}"),
        config,
        shutdown: Some(tx),
        task: Some(task),
    })
}

/// The stand-in on a free loopback port: the in-process form tests use.
pub async fn start(config: S3Config) -> std::io::Result<S3Handle> {
    serve(SocketAddr::from(([127, 0, 0, 1], 0)), config).await
}
