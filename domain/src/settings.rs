use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::Conn;
use crate::{DomainError, Result, ids, time};

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum SettingKey {
    Timezone,
}

impl SettingKey {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Checks a value for this key; `field` names the input field in the error.
    pub fn validate(self, field: &str, value: &str) -> Result<String> {
        match self {
            SettingKey::Timezone => {
                let value = value.trim();
                value
                    .parse::<chrono_tz::Tz>()
                    .map(|tz| tz.name().to_owned())
                    .map_err(|_| {
                        DomainError::bad_input(field, format!("'{value}' is not an IANA time zone"))
                    })
            }
        }
    }
}

#[derive(Debug, Clone)]
pub struct UserSetting {
    pub id: String,
    pub name: SettingKey,
    pub value: String,
    pub created_at: time::Timestamp,
}

impl UserSetting {
    fn from_row(row: &AnyRow) -> Result<Option<Self>> {
        let name: String = row.try_get("name")?;
        // A key this version no longer knows is skipped (and logged) rather than failing the
        // whole user: a user's settings are preferences, and a setting dropped from a release
        // must not lock its users out of `me`.
        let Ok(name) = name.parse::<SettingKey>() else {
            tracing::warn!(table = "user_settings", column = "name", value = %name, "a stored setting key is not one this build knows; skipped");
            return Ok(None);
        };
        Ok(Some(Self {
            id: row.try_get("id")?,
            name,
            value: row.try_get("value")?,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
        }))
    }
}

pub async fn list(conn: &mut Conn, user_id: &str) -> Result<Vec<UserSetting>> {
    let rows = sqlx::query("SELECT * FROM user_settings WHERE user_id = $1 ORDER BY name")
        .bind(user_id)
        .fetch_all(&mut *conn)
        .await?;
    Ok(rows
        .iter()
        .map(UserSetting::from_row)
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .flatten()
        .collect())
}

pub async fn upsert(conn: &mut Conn, user_id: &str, key: SettingKey, value: &str) -> Result<()> {
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO user_settings (id, user_id, name, value, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (user_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    )
    .bind(ids::new_id())
    .bind(user_id)
    .bind(key.as_str())
    .bind(value)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
