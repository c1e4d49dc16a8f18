//! The `{code, message, request_id, data}` envelope and the marketplace's error codes.
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rand::Rng;
use serde_json::{Value, json};

/// Codes the marketplace documents (reference §7). Codes marked "sandbox" are the stand-in's
/// own choice where the marketplace's number is not known; the message says what happened.
pub mod codes {
    pub const SIGN_INVALID: i64 = 106001;
    pub const INVALID_PARAM: i64 = 36009004;
    pub const TOKEN_INVALID: i64 = 105001;
    pub const TOKEN_EXPIRED: i64 = 105002;
    pub const CIPHER_MISSING: i64 = 106013;
    pub const TOO_MANY_REQUESTS: i64 = 36009002;
    pub const INTERNAL: i64 = 36009003;
    pub const UNKNOWN_PATH: i64 = 36009009;
    pub const WRONG_METHOD: i64 = 36009010;
    pub const UNSUPPORTED_VERSION: i64 = 36009014;
    pub const FILE_TOO_BIG: i64 = 36009021;
    pub const BODY_NOT_JSON: i64 = 36009022;
    pub const NOT_MULTIPART: i64 = 36009023;
    pub const AUTH_CODE_INVALID: i64 = 36004004;
    pub const REFRESH_TOKEN_EXPIRED: i64 = 36004001;
    pub const NO_AUTH_RECORD: i64 = 36004005;
    pub const CATEGORY_MISSING: i64 = 12052023;
    pub const CATEGORY_NOT_LEAF: i64 = 12052024;
    pub const CATEGORY_INVALID: i64 = 12052025;
    pub const BRAND_INVALID: i64 = 12052026;
    pub const TOO_MANY_SELLER_SKUS: i64 = 12019027;
    pub const TOO_MANY_SKU_IDS: i64 = 12019087;
    pub const TOO_MANY_PRODUCT_IDS: i64 = 12019120;
    pub const PRODUCT_NOT_FOUND: i64 = 12052032;
    pub const IMAGE_TOO_LARGE: i64 = 12038005;
    pub const IMAGE_DIMENSIONS: i64 = 12038014;
    pub const IMAGE_FORMAT: i64 = 12038015;
    pub const ORDER_NOT_OWNED: i64 = 21008111;
    /// sandbox: a product field breaks a listing rule (title length, SKUs, images, weight…).
    pub const PRODUCT_INVALID: i64 = 12052001;
    /// sandbox: a required category attribute is missing.
    pub const ATTRIBUTE_REQUIRED: i64 = 12052048;
    /// sandbox: the shop reached its daily product-creation cap.
    pub const DAILY_CREATE_CAP: i64 = 12052700;
    /// sandbox: a promotion rule is broken (title, times, products, prices).
    pub const ACTIVITY_INVALID: i64 = 17000001;
    /// sandbox: the activity does not exist in this shop.
    pub const ACTIVITY_NOT_FOUND: i64 = 17000002;
    /// sandbox: another activity of the shop already has this title.
    pub const ACTIVITY_TITLE_TAKEN: i64 = 17000003;
    /// sandbox: the product is already in another flash sale whose time overlaps.
    pub const PRODUCT_IN_OTHER_FLASHSALE: i64 = 17000004;
}

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: i64,
    pub message: String,
    pub retry_after_secs: Option<u64>,
}

impl ApiError {
    /// A business rejection: HTTP 200 with a non-zero code, as the marketplace answers them.
    pub fn business(code: i64, message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::OK,
            code,
            message: message.into(),
            retry_after_secs: None,
        }
    }

    pub fn with_status(status: StatusCode, code: i64, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            retry_after_secs: None,
        }
    }

    pub fn invalid(message: impl Into<String>) -> ApiError {
        ApiError::with_status(StatusCode::BAD_REQUEST, codes::INVALID_PARAM, message)
    }

    pub fn throttled(retry_after_secs: u64) -> ApiError {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            code: codes::TOO_MANY_REQUESTS,
            message: "Too many requests, please retry later".into(),
            retry_after_secs: Some(retry_after_secs),
        }
    }

    pub fn internal() -> ApiError {
        ApiError::with_status(
            StatusCode::INTERNAL_SERVER_ERROR,
            codes::INTERNAL,
            "Internal error, please retry later",
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({
            "code": self.code,
            "message": self.message,
            "request_id": request_id(),
            "data": Value::Null,
        });
        let mut response = (self.status, axum::Json(body)).into_response();
        if let Some(secs) = self.retry_after_secs {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// A success. The marketplace leaves out a field it has nothing for (its samples never show
/// `null`), so every `null` a handler produced (an absent list price, brand, image, discount…)
/// is left out of the reply, at any depth.
pub fn ok(data: Value) -> Response {
    let body = json!({ "code": 0, "message": "Success", "request_id": request_id(), "data": without_nulls(data) });
    (StatusCode::OK, axum::Json(body)).into_response()
}

/// `value` with every object member whose value is `null` removed, recursively.
pub fn without_nulls(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, without_nulls(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_nulls).collect()),
        other => other,
    }
}

/// 14 timestamp digits then 20 uppercase hex characters, like the marketplace's.
pub fn request_id() -> String {
    let stamp = chrono::Utc::now().format("%Y%m%d%H%M%S");
    let mut rng = rand::rng();
    let tail: String = (0..20)
        .map(|_| format!("{:X}", rng.random_range(0..16u8)))
        .collect();
    format!("{stamp}{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_leave_out_what_they_have_nothing_for() {
        let data = json!({
            "id": "1",
            "brand": null,
            "skus": [{ "id": "2", "list_price": null, "sales_attributes": [{ "sku_img": null, "id": "3" }] }],
            "empty": {},
        });
        assert_eq!(
            without_nulls(data),
            json!({ "id": "1", "skus": [{ "id": "2", "sales_attributes": [{ "id": "3" }] }], "empty": {} })
        );
    }
}
