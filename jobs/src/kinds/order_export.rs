//! `order.export`: writes one export's filtered order list as CSV to the storage port under
//! `exports/{client}/{export}.csv` (so `DATA_DIR/exports/…`, or the bucket), page by page, with
//! its progress on the export row.
//!
//! Idempotent: a finished export whose file is there is left alone; otherwise the file is
//! written again from the start and appears only when whole (a rename in the directory, a
//! completed multipart upload in a bucket), so a reader never sees half a file and a redelivered
//! job writes the same rows.
//!
//! Errors: an export removed since it was queued, or whose user is gone, fails for good (and
//! the export row says FAILED); a file that cannot be written and database errors retry.
use connectors::storage::{FileError, FileKey, FileWriter};
use domain::event_histories::EventHistory;
use domain::orders::{desk, export};
use domain::{Scope, users};
use serde::{Deserialize, Serialize};

use super::{JobKind, client_of};
use crate::JobError;
use crate::context::JobContext;

/// Orders read and written per step; the progress moves by as much.
const CHUNK: i64 = 200;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OrderExport {
    pub export_id: String,
    pub label: String,
}

/// The file of an export once written.
pub fn file_name(export_id: &str) -> String {
    format!("{export_id}.csv")
}

/// Where an export's file is kept.
pub fn export_key(client_id: &str, file_name: &str) -> Result<FileKey, FileError> {
    FileKey::of_client("exports", client_id, file_name)
}

/// A file that could not be written: the cause to the log (never the store's address or keys:
/// the port's errors carry neither), a fixed text to the seller.
fn io_failed(error: impl std::fmt::Display) -> JobError {
    tracing::error!(%error, "order export: the file could not be written");
    JobError::Retry("the export file could not be written; it will be tried again".into())
}

impl JobKind for OrderExport {
    const NAME: &'static str = "order.export";

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("order-export:{}", self.export_id))
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let client_id = client_of(job)?;
        let name = file_name(&self.export_id);
        let key = export_key(&client_id, &name)
            .map_err(|_| JobError::Permanent("the export cannot be stored".into()))?;
        let mut conn = ctx.db.conn().await?;
        let Some(found) = export::find(&mut conn, &client_id, &self.export_id).await? else {
            return Err(JobError::Permanent("the export no longer exists".into()));
        };
        if found.status == export::ExportStatus::Success
            && ctx.files.size(&key).await.map_err(io_failed)?.is_some()
        {
            return Ok(());
        }
        // The rows are the asker's as they may see them now: a STAFF user unassigned from a
        // shop since asking does not get its orders.
        let user = match &found.user_id {
            Some(id) => users::find(&mut conn, id).await?,
            None => None,
        };
        let Some(user) = user.filter(|u| u.client_id == client_id) else {
            export::fail(&mut conn, &self.export_id).await?;
            return Err(JobError::Permanent(
                "the user who asked for this export no longer exists".into(),
            ));
        };
        let scope = Scope {
            client_id: client_id.clone(),
            user_id: user.id,
            role: user.role,
        };
        let query = found.query;
        let total = desk::count(&mut conn, &scope, &query).await?;
        export::start(&mut conn, &self.export_id, total).await?;

        let mut file = ctx.files.writer(&key).await.map_err(io_failed)?;
        let done = match write_rows(&mut file, &mut conn, &scope, &query, &self.export_id).await {
            Ok(done) => done,
            Err(e) => {
                // Nothing appears under the key; the retry writes the file again from the start.
                file.abort().await;
                return Err(e);
            }
        };
        file.finish().await.map_err(io_failed)?;
        export::finish(&mut conn, &self.export_id, &name, done).await?;
        tracing::info!(export = %self.export_id, rows = done, "orders exported");
        Ok(())
    }
}

/// Writes the header and every row the scope sees; answers how many rows.
async fn write_rows(
    file: &mut FileWriter,
    conn: &mut domain::db::Conn,
    scope: &Scope,
    query: &desk::OrderQuery,
    export_id: &str,
) -> Result<i64, JobError> {
    let header: Vec<String> = export::HEADER.iter().map(|h| (*h).to_owned()).collect();
    file.write(&csv_bytes(&[header])?)
        .await
        .map_err(io_failed)?;
    let mut done = 0i64;
    loop {
        let orders = desk::rows(conn, scope, query, done, CHUNK).await?;
        if orders.is_empty() {
            break;
        }
        let rows: Vec<Vec<String>> = orders
            .iter()
            .map(|o| export::row(o, query.timezone))
            .collect();
        file.write(&csv_bytes(&rows)?).await.map_err(io_failed)?;
        done += i64::try_from(orders.len()).unwrap_or(CHUNK);
        export::progress(conn, export_id, done).await?;
        if i64::try_from(orders.len()).unwrap_or(0) < CHUNK {
            break;
        }
    }
    Ok(done)
}

/// Rows as CSV text (RFC 4180 quoting, `\n` line ends).
fn csv_bytes(rows: &[Vec<String>]) -> Result<Vec<u8>, JobError> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    for row in rows {
        writer.write_record(row).map_err(io_failed)?;
    }
    writer.into_inner().map_err(io_failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_with_commas_quotes_and_line_breaks_are_quoted() {
        let bytes = csv_bytes(&[vec![
            "plain".into(),
            "a, b".into(),
            "say \"hi\"".into(),
            "two\nlines".into(),
        ]])
        .expect("csv");
        assert_eq!(
            String::from_utf8(bytes).expect("utf-8"),
            "plain,\"a, b\",\"say \"\"hi\"\"\",\"two\nlines\"\n"
        );
    }
}
