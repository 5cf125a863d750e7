//! The referral programme's job (SPEC §10, D103), leased by the job runner
//! so one server runs it at a time — and every step is one conditional
//! statement anyway, so a second run (or server) moves nothing twice:
//! rewards past the return window become available, available ones past
//! their validity expire, and those about to expire get one reminder
//! e-mail, written in the transaction that marks them reminded.

use crate::http::state::AppState;
use crate::platform::jobs::{Job, JobFuture};
use crate::platform::mail::Email;
use crate::platform::money::money_text;
use crate::referrals::rewards::months_after;
use std::time::Duration;
use uplink_db::referrals::{self as q, RewardRow};

const DAY_MS: i64 = 86_400_000;

pub fn jobs() -> Vec<Job<AppState>> {
    vec![Job {
        name: "referral_rewards",
        every: Duration::from_secs(300),
        run: move_rewards,
    }]
}

fn move_rewards(state: &AppState) -> JobFuture<'_> {
    Box::pin(run_once(state, uplink_db::now_ms()))
}

/// One pass at `now` (tests move the clock by passing it); how many rewards
/// it moved or reminded.
pub async fn run_once(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut tx = state.db.begin_write().await?;
    let terms = crate::commerce::referral::terms(&mut tx).await?;
    let validity_ms = months_after(now, terms.reward_validity_months) - now;
    let matured =
        q::mature_rewards(&mut tx, now, terms.return_window_days * DAY_MS, validity_ms).await?;
    let expired = q::expire_rewards(&mut tx, now).await?;
    let due = q::take_reminders(&mut tx, now + terms.reminder_days * DAY_MS, now).await?;
    let mut mail = Vec::with_capacity(due.len());
    for r in &due {
        if let Some(row) = reminder(state, &mut tx, r).await? {
            uplink_db::account_area::insert_outbox_in(&mut tx, &row).await?;
            mail.push(row);
        }
    }
    tx.commit().await?;
    for row in &mail {
        state.mailer.recorded(row);
    }
    Ok(matured + expired + due.len() as u64)
}

/// The reminder of a reward about to expire.
async fn reminder(
    state: &AppState,
    tx: &mut sqlx::AnyConnection,
    r: &RewardRow,
) -> anyhow::Result<Option<uplink_db::account_area::OutboxRow>> {
    let Some(user) = uplink_db::invitations::user_in(tx, &r.referrer_user_id).await? else {
        return Ok(None);
    };
    let ends = crate::platform::timefmt::day_text(r.expires_at.unwrap_or_default());
    let (what, link) = match r.kind.as_str() {
        "sfc" => (
            "add it as data or days to one of your cloud plans",
            "/mobile/sfc-referral-rewards",
        ),
        _ => ("turn it into a coupon", "/mobile/referral-rewards"),
    };
    let value = money_text(r.value_cents, &r.currency);
    Ok(Some(state.mailer.outbox_row(Email {
        kind: "referral_reward_expiring",
        user_id: Some(user.id.clone()),
        to: user.email.clone(),
        subject: format!("Your {value} referral reward expires on {ends}"),
        text: format!(
            "Hello {},\n\nthe {value} reward a friend's order earned you expires on {ends}. \
             To keep it, {what}:\n{}{link}\n\nUplink\n",
            user.name, state.config.public_url
        ),
        html: None,
    })))
}
