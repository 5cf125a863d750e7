//! E-mail: every message is recorded in `email_outbox` first. With
//! `UPLINK_SMTP_URL` set it is `queued` and a background sender delivers it
//! over SMTP (lettre), retrying with back-off, safe with several servers;
//! without SMTP it stays in the outbox (`status = outbox`) for staff to read
//! and is printed to the log so a demo can follow its links.

use crate::platform::config::Config;
use lettre::message::{Mailbox, MultiPart, header::ContentType};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;
use uplink_db::account_area::OutboxRow;
use uplink_db::{Db, DbError};

/// A message to send.
#[derive(Debug, Clone)]
pub struct Email {
    pub kind: &'static str,
    pub user_id: Option<String>,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
}

const MAX_ATTEMPTS: i64 = 6;
const LEASE_MS: i64 = 60_000;

pub struct Mailer {
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    wake: Notify,
}

impl Mailer {
    pub fn new(config: &Config) -> anyhow::Result<Mailer> {
        let transport = match &config.auth.smtp_url {
            Some(url) => Some(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| anyhow::anyhow!("UPLINK_SMTP_URL: {e}"))?
                    .timeout(Some(Duration::from_secs(15)))
                    .build(),
            ),
            None => None,
        };
        let from =
            config.auth.mail_from.parse::<Mailbox>().map_err(|e| {
                anyhow::anyhow!("UPLINK_MAIL_FROM `{}`: {e}", config.auth.mail_from)
            })?;
        Ok(Mailer {
            transport,
            from,
            wake: Notify::new(),
        })
    }

    pub fn smtp_enabled(&self) -> bool {
        self.transport.is_some()
    }

    /// Records `email` and, with SMTP, wakes the sender. Never waits on SMTP.
    pub async fn send(&self, db: &Db, email: Email) -> Result<String, DbError> {
        let row = self.outbox_row(email);
        self.send_row(db, &row).await?;
        Ok(row.id)
    }

    /// Records a row made by [`Mailer::outbox_row`] on its own, then as [`Mailer::recorded`].
    pub async fn send_row(&self, db: &Db, row: &OutboxRow) -> Result<(), DbError> {
        db.insert_outbox(row).await?;
        self.recorded(row);
        Ok(())
    }

    /// The outbox row for `email`, for a caller that records it inside its
    /// own transaction (then calls [`Mailer::recorded`] after the commit).
    pub fn outbox_row(&self, email: Email) -> OutboxRow {
        OutboxRow {
            id: uplink_domain::ids::new_id("eml"),
            kind: email.kind.to_owned(),
            user_id: email.user_id,
            to_address: email.to,
            subject: email.subject,
            body_text: email.text,
            body_html: email.html,
            status: if self.smtp_enabled() {
                "queued"
            } else {
                "outbox"
            }
            .to_owned(),
            attempts: 0,
            last_error: None,
            created_at: uplink_db::now_ms(),
            sent_at: None,
        }
    }

    /// Staff send `original` again: a copy is recorded for sending, with its
    /// audit entry in the same transaction.
    pub async fn resend(
        &self,
        db: &Db,
        staff: &uplink_db::audit::Actor,
        original: &OutboxRow,
    ) -> Result<OutboxRow, DbError> {
        use uplink_db::audit::{AuditEntry, StaffWrite};
        let copy = self.outbox_row(Email {
            kind: "resend",
            user_id: original.user_id.clone(),
            to: original.to_address.clone(),
            subject: original.subject.clone(),
            text: original.body_text.clone(),
            html: original.body_html.clone(),
        });
        let mut write = StaffWrite::begin(db, staff.clone()).await?;
        uplink_db::account_area::insert_outbox_in(write.tx(), &copy).await?;
        write.record(
            AuditEntry::new("email.resend", "email", original.id.clone())
                .summary(format!(
                    "Sent \"{}\" to {} again",
                    original.subject, original.to_address
                ))
                .after(&serde_json::json!({ "message": copy.id })),
        );
        write.commit().await?;
        self.recorded(&copy);
        Ok(copy)
    }

    /// A message is in the outbox: with SMTP, wake the sender; without, log it.
    pub fn recorded(&self, row: &OutboxRow) {
        if self.smtp_enabled() {
            self.wake.notify_one();
        } else {
            tracing::info!(
                to = %row.to_address, subject = %row.subject, kind = %row.kind,
                "e-mail kept in the outbox (no UPLINK_SMTP_URL):\n{}", row.body_text
            );
        }
    }

    /// Delivers every due queued message now; returns how many were sent.
    pub async fn deliver_due(&self, db: &Db) -> Result<usize, DbError> {
        let Some(transport) = &self.transport else {
            return Ok(0);
        };
        let mut sent = 0;
        loop {
            let batch = db
                .claim_due_outbox(uplink_db::now_ms(), LEASE_MS, 20)
                .await?;
            if batch.is_empty() {
                return Ok(sent);
            }
            for row in batch {
                match self.deliver(transport, &row).await {
                    Ok(()) => {
                        db.mark_outbox_sent(&row.id, uplink_db::now_ms()).await?;
                        sent += 1;
                    }
                    Err(e) => {
                        let attempts = row.attempts + 1;
                        let retry = (attempts < MAX_ATTEMPTS)
                            .then(|| uplink_db::now_ms() + 30_000 * (1 << attempts.min(6)));
                        tracing::warn!(id = %row.id, attempts, error = %e, "e-mail delivery failed");
                        db.mark_outbox_failed(&row.id, &e.to_string(), retry)
                            .await?;
                    }
                }
            }
        }
    }

    async fn deliver(
        &self,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        row: &OutboxRow,
    ) -> anyhow::Result<()> {
        let to: Mailbox = row.to_address.parse()?;
        let builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(&row.subject)
            .message_id(Some(format!("<{}@uplink>", row.id)));
        let message = match &row.body_html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(
                row.body_text.clone(),
                html.clone(),
            ))?,
            None => builder
                .header(ContentType::TEXT_PLAIN)
                .body(row.body_text.clone())?,
        };
        transport.send(message).await?;
        Ok(())
    }

    /// The background sender: delivers due mail when woken and every 15 s.
    pub fn spawn_sender(self: &Arc<Self>, db: Db) -> Option<tokio::task::JoinHandle<()>> {
        self.transport.as_ref()?;
        let mailer = Arc::clone(self);
        Some(tokio::spawn(async move {
            loop {
                if let Err(e) = mailer.deliver_due(&db).await {
                    tracing::warn!(error = %e, "e-mail sender could not read the outbox");
                }
                tokio::select! {
                    _ = mailer.wake.notified() => {}
                    _ = tokio::time::sleep(Duration::from_secs(15)) => {}
                }
            }
        }))
    }
}

/// Escapes text for the HTML part.
pub fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A plain message with one call-to-action link, as text and HTML.
pub fn with_link(
    greeting: &str,
    lead: &str,
    action: &str,
    link: &str,
    footer: &str,
) -> (String, String) {
    let text = format!("{greeting}\n\n{lead}\n\n{action}: {link}\n\n{footer}\n\n— Uplink\n");
    let html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif\"><p>{}</p><p>{}</p>\
         <p><a href=\"{}\">{}</a></p><p style=\"color:#555\">{}</p><p>— Uplink</p></body></html>",
        html_escape(greeting),
        html_escape(lead),
        html_escape(link),
        html_escape(action),
        html_escape(footer)
    );
    (text, html)
}
