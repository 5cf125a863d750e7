//! `POST /api/{project_id}/envelope/` and the legacy `/store/`: thin
//! handlers over [`crate::intake::envelope::receive`].

use crate::http::identity::ClientInfo;
use crate::http::state::AppState;
use crate::intake::envelope::{IntakeRequest, Kind, receive};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Uri};
use axum::response::Response;

pub async fn post_envelope(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    uri: Uri,
    headers: HeaderMap,
    client: ClientInfo,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request = IntakeRequest {
        project_id,
        uri,
        headers,
        client,
        body,
    };
    receive(&state, request, Kind::Envelope).await
}

pub async fn post_store(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    uri: Uri,
    headers: HeaderMap,
    client: ClientInfo,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request = IntakeRequest {
        project_id,
        uri,
        headers,
        client,
        body,
    };
    receive(&state, request, Kind::Store).await
}
