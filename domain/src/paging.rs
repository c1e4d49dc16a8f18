use crate::{DomainError, Result};

pub const DEFAULT_LIMIT: i64 = 20;
pub const MAX_LIMIT: i64 = 100;

/// A validated page request: `limit` 1..=100 (default 20), `page` 1-based.
#[derive(Debug, Clone, Copy)]
pub struct PageRequest {
    pub limit: i64,
    pub page: i64,
}

impl PageRequest {
    pub fn parse(limit: Option<i32>, page: Option<i32>) -> Result<Self> {
        let limit = i64::from(limit.unwrap_or(DEFAULT_LIMIT as i32));
        let page = i64::from(page.unwrap_or(1));
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(DomainError::bad_input(
                "limit",
                format!("must be between 1 and {MAX_LIMIT}"),
            ));
        }
        if page < 1 {
            return Err(DomainError::bad_input("page", "must be 1 or more"));
        }
        Ok(Self { limit, page })
    }

    pub fn offset(&self) -> i64 {
        (self.page - 1) * self.limit
    }
}

#[derive(Debug, Clone)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: i64,
    pub request: PageRequest,
}

impl<T> Page<T> {
    pub fn has_next(&self) -> bool {
        self.request.offset() + (self.items.len() as i64) < self.total
    }
    pub fn has_previous(&self) -> bool {
        self.request.page > 1
    }
}
