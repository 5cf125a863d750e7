use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use crate::intake::dto::IssueSummary;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::{Path, State};
use serde::Serialize;
use serde_json::Value;
use uplink_intake::model::{Frame, frames_of, timestamp_ms};
use utoipa::ToSchema;

/// One frame of a stack trace.
#[derive(Debug, Serialize, ToSchema)]
pub struct StackFrame {
    pub function: String,
    pub filename: String,
    pub lineno: Option<i64>,
    pub colno: Option<i64>,
    /// Part of our own code (not a library).
    pub in_app: bool,
}

impl From<Frame> for StackFrame {
    fn from(f: Frame) -> Self {
        StackFrame {
            function: f.function,
            filename: f.filename,
            lineno: f.lineno,
            colno: f.colno,
            in_app: f.in_app,
        }
    }
}

/// One exception of the chain (the thrown one first, then its causes).
#[derive(Debug, Serialize, ToSchema)]
pub struct ExceptionInfo {
    #[serde(rename = "type")]
    pub type_: Option<String>,
    pub value: Option<String>,
    /// Whether the app handled it (`false` for uncaught errors and unhandled rejections).
    pub handled: Option<bool>,
    /// `auto.browser.global_handlers.onerror`, `…onunhandledrejection`, `generic`, …
    pub mechanism: Option<String>,
    /// Most recent call first.
    pub frames: Vec<StackFrame>,
}

/// Something that happened before the error.
#[derive(Debug, Serialize, ToSchema)]
pub struct Breadcrumb {
    pub timestamp: Option<String>,
    pub category: Option<String>,
    #[serde(rename = "type")]
    pub type_: Option<String>,
    pub level: Option<String>,
    pub message: Option<String>,
    #[schema(value_type = Object)]
    pub data: Option<Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Tag {
    pub key: String,
    pub value: String,
}

/// The newest stored event of an issue.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventDetail {
    pub id: String,
    pub received_at: String,
    pub occurred_at: String,
    pub release: Option<String>,
    pub environment: Option<String>,
    pub browser: Option<String>,
    pub url: Option<String>,
    pub trace_id: Option<String>,
    pub exceptions: Vec<ExceptionInfo>,
    /// Oldest first, as the SDK recorded them (at most 100).
    pub breadcrumbs: Vec<Breadcrumb>,
    pub tags: Vec<Tag>,
    /// Files the SDK attached (name, type, bytes).
    pub attachments: Vec<AttachmentInfo>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AttachmentInfo {
    pub filename: String,
    pub content_type: String,
    pub size: i64,
}

/// A recent occurrence, for the list under the detail.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventBrief {
    pub id: String,
    pub received_at: String,
    pub release: Option<String>,
    pub browser: Option<String>,
    pub url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IssueDetail {
    pub issue: IssueSummary,
    /// Absent when every event aged out.
    pub latest_event: Option<EventDetail>,
    pub recent_events: Vec<EventBrief>,
}

fn str_of(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_owned)
}

fn exceptions_of(event: &Value) -> Vec<ExceptionInfo> {
    let Some(exc) = event.get("exception") else {
        return Vec::new();
    };
    let list = exc
        .get("values")
        .unwrap_or(exc)
        .as_array()
        .cloned()
        .unwrap_or_default();
    list.iter()
        .rev()
        .filter(|e| e.is_object())
        .map(|e| {
            let mut frames = frames_of(e);
            frames.reverse();
            ExceptionInfo {
                type_: str_of(e, "type"),
                value: str_of(e, "value"),
                handled: e
                    .get("mechanism")
                    .and_then(|m| m.get("handled"))
                    .and_then(Value::as_bool),
                mechanism: e.get("mechanism").and_then(|m| str_of(m, "type")),
                frames: frames.into_iter().map(StackFrame::from).collect(),
            }
        })
        .collect()
}

fn breadcrumbs_of(event: &Value) -> Vec<Breadcrumb> {
    let Some(b) = event.get("breadcrumbs") else {
        return Vec::new();
    };
    let list = b
        .get("values")
        .unwrap_or(b)
        .as_array()
        .cloned()
        .unwrap_or_default();
    let skip = list.len().saturating_sub(100);
    list.iter()
        .skip(skip)
        .filter(|c| c.is_object())
        .map(|c| Breadcrumb {
            timestamp: timestamp_ms(c.get("timestamp")).map(rfc3339),
            category: str_of(c, "category"),
            type_: str_of(c, "type"),
            level: str_of(c, "level"),
            message: str_of(c, "message"),
            data: c.get("data").filter(|d| d.is_object()).cloned(),
        })
        .collect()
}

fn tags_of(event: &Value, row: &uplink_db::intake::EventRow) -> Vec<Tag> {
    let mut tags: Vec<Tag> = Vec::new();
    let mut push = |k: &str, v: Option<&str>| {
        if let Some(v) = v.filter(|v| !v.is_empty())
            && !tags.iter().any(|t| t.key == k)
        {
            tags.push(Tag {
                key: k.to_owned(),
                value: v.chars().take(200).collect(),
            });
        }
    };
    push("level", Some(&row.level));
    push("release", row.release.as_deref());
    push("environment", row.environment.as_deref());
    push("browser", row.browser.as_deref());
    push("url", row.url.as_deref());
    push("trace_id", row.trace_id.as_deref());
    match event.get("tags") {
        Some(Value::Object(map)) => {
            for (k, v) in map.iter().take(50) {
                let text = match v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                push(k, Some(&text));
            }
        }
        Some(Value::Array(pairs)) => {
            for pair in pairs.iter().take(50) {
                if let Some([Value::String(k), Value::String(v)]) =
                    pair.as_array().map(Vec::as_slice)
                {
                    push(k, Some(v));
                }
            }
        }
        _ => {}
    }
    tags
}

/// One issue with its newest event: stack trace, breadcrumbs and tags (admins only).
#[utoipa::path(get, path = "/admin/errors/issues/{id}", tag = "admin",
    params(("id" = String, Path, description = "Issue id (`iss_…`)")),
    responses(
        (status = 200, body = IssueDetail),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
    ))]
pub async fn get_issue(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    Path(id): Path<String>,
) -> ApiResult<Json<IssueDetail>> {
    let issue = state
        .db
        .issue(&id)
        .await?
        .ok_or_else(|| ApiError::not_found("The issue"))?;
    let events = state.db.issue_events(&id, 20).await?;
    let latest_event = match events.first() {
        Some(row) => {
            let payload: Value = serde_json::from_str(&row.payload).unwrap_or(Value::Null);
            let attachments = state
                .db
                .attachment_names(&row.id)
                .await?
                .into_iter()
                .map(|(filename, content_type, size)| AttachmentInfo {
                    filename,
                    content_type,
                    size,
                })
                .collect();
            Some(EventDetail {
                id: row.id.clone(),
                received_at: rfc3339(row.received_at),
                occurred_at: rfc3339(row.occurred_at),
                release: row.release.clone(),
                environment: row.environment.clone(),
                browser: row.browser.clone(),
                url: row.url.clone(),
                trace_id: row.trace_id.clone(),
                exceptions: exceptions_of(&payload),
                breadcrumbs: breadcrumbs_of(&payload),
                tags: tags_of(&payload, row),
                attachments,
            })
        }
        None => None,
    };
    let recent_events = events
        .into_iter()
        .map(|e| EventBrief {
            id: e.id,
            received_at: rfc3339(e.received_at),
            release: e.release,
            browser: e.browser,
            url: e.url,
        })
        .collect();
    Ok(Json(IssueDetail {
        issue: issue.into(),
        latest_event,
        recent_events,
    }))
}
