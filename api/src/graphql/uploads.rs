//! Uploads: a signed, expiring URL to PUT one file to (the bucket's own presigned URL when files
//! live in S3, the API's otherwise), and the URL it is then served at. Any signed-in user; files
//! are stored under the caller's client.
use async_graphql::{Context, InputObject, Object, SimpleObject};

use crate::errors::ApiResult;
use crate::graphql::{RoleGuard, caller, state};
use crate::uploads;

#[derive(InputObject)]
pub struct PresignedUrlInput {
    pub file_name: String,
    pub content_type: String,
    /// Where in the client's files: 1 to 3 parts such as `products/main` (default `files`).
    pub folder: Option<String>,
    /// The file's size in bytes, at most UPLOAD_MAX_BYTES. Required when files are kept in an
    /// S3 bucket: the presigned URL is signed for exactly this size.
    pub content_length: Option<i32>,
}

#[derive(SimpleObject)]
pub struct UploadUrl {
    /// The file's public URL once uploaded.
    pub file_url: String,
    /// PUT the file here within 15 minutes, with the same Content-Type and `If-None-Match: *`
    /// (a bucket's URL is signed for both, and for `contentLength`).
    pub presigned_url: String,
}

#[derive(Default)]
pub struct UploadsMutation;

#[Object]
impl UploadsMutation {
    /// A URL to upload one file to (PUT, the given Content-Type, at most UPLOAD_MAX_BYTES; with
    /// `contentLength`, exactly that many bytes), valid for 15 minutes. Images (PNG, JPEG, WebP,
    /// GIF) and PDF.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_presigned_url(
        &self,
        ctx: &Context<'_>,
        input: PresignedUrlInput,
    ) -> ApiResult<UploadUrl> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let signed = uploads::presign_upload(
            app,
            &me.scope.client_id,
            &input.file_name,
            &input.content_type,
            input.folder.as_deref(),
            input.content_length.map(i64::from),
            chrono::Utc::now().timestamp(),
        )
        .await?;
        Ok(UploadUrl {
            file_url: signed.file_url,
            presigned_url: signed.presigned_url,
        })
    }
}
