use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Role {
    Admin,
    Staff,
    SuperAdmin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "ADMIN",
            Role::Staff => "STAFF",
            Role::SuperAdmin => "SUPER_ADMIN",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "ADMIN" => Some(Role::Admin),
            "STAFF" => Some(Role::Staff),
            "SUPER_ADMIN" => Some(Role::SuperAdmin),
            _ => None,
        }
    }
    /// ADMIN and SUPER_ADMIN run a client's users and settings.
    pub fn manages_client(self) -> bool {
        matches!(self, Role::Admin | Role::SuperAdmin)
    }
}

/// The tenant a request acts for. Every repository function that reads or writes a seller's
/// rows takes one, so no query can forget the `client_id` filter. Only the API builds it, from
/// a verified token.
#[derive(Debug, Clone)]
pub struct Scope {
    pub client_id: String,
    pub user_id: String,
    pub role: Role,
}

impl Scope {
    /// The view of a job acting for a client: every row of that client, as its admin sees them.
    pub fn for_client(client_id: &str) -> Scope {
        Scope { client_id: client_id.to_owned(), user_id: String::new(), role: Role::Admin }
    }

    pub fn is_super_admin(&self) -> bool {
        self.role == Role::SuperAdmin
    }
}
