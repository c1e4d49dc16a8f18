/// A new primary key: UUID v7, so ids sort by creation time.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// True when `id` could be one of our ids; anything else can only be NOT_FOUND.
pub fn looks_like_id(id: &str) -> bool {
    uuid::Uuid::parse_str(id).is_ok()
}
