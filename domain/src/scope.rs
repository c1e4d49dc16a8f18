use serde::{Deserialize, Serialize};

use crate::db::Sql;

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum Role {
    Admin,
    Staff,
    SuperAdmin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
    /// ADMIN and SUPER_ADMIN run a client's users and settings.
    pub fn manages_client(self) -> bool {
        matches!(self, Role::Admin | Role::SuperAdmin)
    }
}

/// The tenant a request acts for. Every repository function that reads or writes a seller's
/// rows takes one, so no query can forget the `client_id` filter. Only the API builds it, from
/// a verified token.
///
/// It also decides which of the client's shops the caller works on: a STAFF user only on the
/// shops assigned to them (`user_shops`), everyone else on all of them. Every query that reads
/// or acts on a shop, or on a row bound to one, narrows itself with [`Scope::push_shop_filter`]
/// (or goes through `shops::get`, which does), so that rule lives here and nowhere else.
#[derive(Debug, Clone)]
pub struct Scope {
    pub client_id: String,
    pub user_id: String,
    pub role: Role,
}

impl Scope {
    /// The view of a job acting for a client: every row of that client, as its admin sees them.
    pub fn for_client(client_id: &str) -> Scope {
        Scope {
            client_id: client_id.to_owned(),
            user_id: String::new(),
            role: Role::Admin,
        }
    }

    pub fn is_super_admin(&self) -> bool {
        self.role == Role::SuperAdmin
    }

    /// True when the scope sees only some of the client's shops (STAFF).
    pub fn limited_to_assigned_shops(&self) -> bool {
        self.role == Role::Staff
    }

    /// Narrows a query to the shops this scope works on: appends ` AND {column} IN (the user's
    /// assigned shops)` for STAFF, nothing for anyone else. `column` names the shop id of the
    /// query's rows (a constant of the query, never input). The assignment is read in the same
    /// statement, so an unassignment takes effect on the next request.
    pub fn push_shop_filter(&self, sql: &mut Sql, column: &'static str) {
        if self.limited_to_assigned_shops() {
            sql.push(" AND ").push(column).push(" IN ");
            self.push_assigned_shops(sql);
        }
    }

    /// Appends a subquery of the ids of the shops assigned to this scope's user, for queries
    /// that need the set itself (e.g. "no job of this batch is outside it").
    pub fn push_assigned_shops(&self, sql: &mut Sql) {
        sql.push("(SELECT us.shop_id FROM user_shops us WHERE us.user_id = ");
        sql.bind(&self.user_id)
            .push(" AND us.client_id = ")
            .bind(&self.client_id)
            .push(")");
    }
}
