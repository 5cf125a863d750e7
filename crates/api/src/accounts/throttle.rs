//! The sign-in challenge (SPEC §8): after 5 failed sign-ins for one account or
//! from one IP within 15 minutes, sign-in answers 403 `challenge_required`
//! until the caller presents a pass earned by solving a proof-of-work puzzle
//! (`GET/POST /auth/challenge`). Counters live in the database, so every
//! server agrees; a successful sign-in forgets the account's failures.

use crate::http::cookies;
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use axum::http::HeaderMap;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::hash_secret;

/// How long a challenge pass lasts, and how many sign-in attempts it lets through.
pub const PASS_TTL_SECS: i64 = 10 * 60;
pub const PASS_ATTEMPTS: i64 = 5;
/// How long a puzzle may take to solve.
pub const PUZZLE_TTL_SECS: i64 = 10 * 60;

/// The pass a caller presents: the `uplink_challenge` cookie or the `X-Challenge-Pass` header.
pub fn presented_pass(headers: &HeaderMap) -> Option<String> {
    headers
        .get(cookies::CHALLENGE_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .filter(|v| !v.is_empty())
        .or_else(|| cookies::read(headers, cookies::CHALLENGE_COOKIE))
}

/// Lets a sign-in attempt through, or answers `challenge_required`.
/// `account_key` is the normalised e-mail as typed (whether or not an account exists).
pub async fn admit_attempt(
    state: &AppState,
    account_key: &str,
    ip: &str,
    headers: &HeaderMap,
) -> ApiResult<()> {
    let auth = &state.config.auth;
    let now = uplink_db::now_ms();
    let since = now - auth.challenge_window_secs * 1000;
    let (by_account, by_ip) = state.db.sign_in_failures(account_key, ip, since).await?;
    if by_account < auth.challenge_threshold && by_ip < auth.challenge_threshold {
        return Ok(());
    }
    if let Some(pass) = presented_pass(headers)
        && state
            .db
            .consume_challenge_pass(&hash_secret(&pass), now)
            .await?
    {
        return Ok(());
    }
    Err(challenge_required())
}

pub fn challenge_required() -> ApiError {
    ApiError::new(ErrorCode::ChallengeRequired)
        .with_detail("Too many failed sign-ins. Complete the challenge, then try again.")
        .with_extra("challenge_url", "/api/v1/auth/challenge")
}

pub async fn record_failure(state: &AppState, account_key: &str, ip: &str) -> ApiResult<()> {
    state
        .db
        .record_sign_in_failure(account_key, ip, uplink_db::now_ms())
        .await?;
    Ok(())
}

pub async fn record_success(state: &AppState, account_key: &str) -> ApiResult<()> {
    let older_than = uplink_db::now_ms() - state.config.auth.challenge_window_secs * 1000;
    state
        .db
        .clear_sign_in_failures(account_key, older_than)
        .await?;
    Ok(())
}
