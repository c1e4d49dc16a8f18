//! Stripe, for card top-ups: creating a Checkout Session (form-encoded, with an
//! `Idempotency-Key` so a retried create never makes a second session), reading one back, and
//! verifying the signature of a webhook delivery ([`webhook`]).
//!
//! Errors carry Stripe's error type, code, parameter and HTTP status, never the secret key or
//! a URL; Stripe's own message is kept for the log only where it cannot quote the key (on 401
//! it does, masked, and is dropped anyway).
mod client;
pub mod webhook;

pub use client::{CheckoutSession, NewCheckout, StripeClient, StripeConfig, StripeError};
pub use webhook::{
    CHECKOUT_ASYNC_SUCCEEDED, CHECKOUT_COMPLETED, CHECKOUT_EXPIRED, DEFAULT_TOLERANCE_SECS, Event,
    SIGNATURE_HEADER, SignatureError,
};
