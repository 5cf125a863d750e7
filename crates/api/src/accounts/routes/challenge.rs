use crate::accounts::sessions::no_store;
use crate::accounts::throttle;
use crate::http::cookies;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{AppendHeaders, IntoResponse, Response};
use serde::{Deserialize, Serialize};
use uplink_db::accounts::ChallengeRow;
use uplink_domain::accounts::pow;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::{hash_secret, new_id, new_secret};
use utoipa::ToSchema;

/// A proof-of-work puzzle: find a string `solution` (the browser counts 0, 1,
/// 2, …) such that `SHA-256("<nonce>:<solution>")` starts with `difficulty` zero bits.
#[derive(Debug, Serialize, ToSchema)]
pub struct Challenge {
    pub id: String,
    pub nonce: String,
    #[schema(example = 16)]
    pub difficulty: u32,
    #[schema(example = "sha256-leading-zero-bits")]
    pub algorithm: String,
    pub expires_at: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChallengeSolution {
    pub id: String,
    #[schema(example = "48213")]
    pub solution: String,
}

/// Lets the next sign-in attempts through the failure limit.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChallengePass {
    /// Also set as the HttpOnly `uplink_challenge` cookie; API clients send it as `X-Challenge-Pass`.
    pub pass: String,
    pub expires_at: String,
    /// Sign-in attempts the pass allows.
    pub attempts: i64,
}

/// Issues a new puzzle (single use, valid 10 minutes).
#[utoipa::path(get, path = "/auth/challenge", tag = "auth",
    responses((status = 200, body = Challenge)))]
pub async fn get_challenge(State(state): State<AppState>) -> ApiResult<Response> {
    let now = uplink_db::now_ms();
    let row = ChallengeRow {
        id: new_id("chl"),
        nonce: new_secret(),
        difficulty: i64::from(state.config.auth.challenge_difficulty),
        created_at: now,
        expires_at: now + throttle::PUZZLE_TTL_SECS * 1000,
    };
    state.db.insert_challenge(&row).await?;
    let body = Challenge {
        id: row.id,
        nonce: row.nonce,
        difficulty: state.config.auth.challenge_difficulty,
        algorithm: "sha256-leading-zero-bits".into(),
        expires_at: crate::platform::timefmt::rfc3339(row.expires_at),
    };
    Ok((no_store(), Json(body)).into_response())
}

/// Checks a solution and grants a pass for 5 sign-in attempts within 10 minutes.
#[utoipa::path(post, path = "/auth/challenge", tag = "auth",
    request_body = ChallengeSolution,
    responses(
        (status = 200, body = ChallengePass, description = "Solved; the `uplink_challenge` cookie is set"),
        (status = 422, description = "`validation_failed`: wrong solution (`solution`), or an unknown, used or expired puzzle (`id`)", body = Problem),
    ))]
pub async fn solve_challenge(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ChallengeSolution>,
) -> ApiResult<Response> {
    let now = uplink_db::now_ms();
    let puzzle = state
        .db
        .open_challenge(&req.id, now)
        .await?
        .ok_or_else(|| {
            ApiError::field(
                "id",
                ErrorCode::ValidationFailed,
                "This puzzle has expired or was already used; fetch a new one.",
            )
        })?;
    let difficulty = u32::try_from(puzzle.difficulty).unwrap_or(pow::MAX_DIFFICULTY);
    if !pow::verify(&puzzle.nonce, difficulty, &req.solution) {
        return Err(ApiError::field(
            "solution",
            ErrorCode::ValidationFailed,
            "This is not a solution to the puzzle.",
        ));
    }
    if !state.db.mark_challenge_solved(&puzzle.id, now).await? {
        return Err(ApiError::field(
            "id",
            ErrorCode::ValidationFailed,
            "This puzzle was already used; fetch a new one.",
        ));
    }
    let pass = new_secret();
    let expires_at = now + throttle::PASS_TTL_SECS * 1000;
    state
        .db
        .insert_challenge_pass(
            &hash_secret(&pass),
            now,
            expires_at,
            throttle::PASS_ATTEMPTS,
        )
        .await?;
    let cookie = cookies::build(
        &state.config,
        &cookies::CookieSpec {
            name: cookies::CHALLENGE_COOKIE,
            value: &pass,
            max_age_secs: throttle::PASS_TTL_SECS,
            http_only: true,
            path: "/api/v1/auth",
        },
    );
    let body = ChallengePass {
        pass,
        expires_at: crate::platform::timefmt::rfc3339(expires_at),
        attempts: throttle::PASS_ATTEMPTS,
    };
    Ok((
        AppendHeaders([(header::SET_COOKIE, cookie)]),
        no_store(),
        Json(body),
    )
        .into_response())
}
