use crate::platform::timefmt::rfc3339;
use serde::Serialize;
use uplink_db::intake::IssueRow;
use utoipa::ToSchema;

/// One group of identical errors.
#[derive(Debug, Serialize, ToSchema)]
pub struct IssueSummary {
    pub id: String,
    /// `TypeError: x is undefined`, or the message.
    pub title: String,
    /// Where it was thrown: the top in-app frame.
    pub culprit: Option<String>,
    pub level: String,
    pub exception_type: Option<String>,
    /// Events received (including ones no longer kept).
    pub count: i64,
    /// Distinct users affected.
    pub users: i64,
    pub first_seen: String,
    pub last_seen: String,
    pub first_release: Option<String>,
    pub last_release: Option<String>,
    pub environment: Option<String>,
}

impl From<IssueRow> for IssueSummary {
    fn from(r: IssueRow) -> Self {
        IssueSummary {
            id: r.id,
            title: r.title,
            culprit: r.culprit,
            level: r.level,
            exception_type: r.exception_type,
            count: r.event_count,
            users: r.user_count,
            first_seen: rfc3339(r.first_seen),
            last_seen: rfc3339(r.last_seen),
            first_release: r.first_release,
            last_release: r.last_release,
            environment: r.last_environment,
        }
    }
}
