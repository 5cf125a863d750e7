//! Who moves a quotation or writes in its history.

use uplink_db::accounts::UserRow;
use uplink_domain::quotations::Party;

/// Who wrote a history entry.
#[derive(Debug, Clone)]
pub struct Author {
    pub party: Party,
    /// What the history shows: the buyer's name, the sales person's e-mail.
    pub name: String,
    /// Staff are named in the audit log by this (`None` for buyer and system).
    pub audit: Option<uplink_db::audit::Actor>,
}

impl Author {
    pub fn buyer(user: &UserRow) -> Author {
        let name = if user.name.trim().is_empty() {
            &user.email
        } else {
            &user.name
        };
        Author {
            party: Party::Buyer,
            name: name.clone(),
            audit: None,
        }
    }

    pub fn staff(user: &UserRow) -> Author {
        Author {
            party: Party::Staff,
            name: user.email.clone(),
            audit: Some(uplink_db::audit::Actor {
                id: user.id.clone(),
                email: user.email.clone(),
            }),
        }
    }

    pub fn system() -> Author {
        Author {
            party: Party::System,
            name: "Uplink".into(),
            audit: None,
        }
    }

    /// Appends the audit entry of a staff change inside `tx` (nothing for
    /// buyers and the system).
    pub async fn audit_in(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        entry: uplink_db::audit::AuditEntry,
    ) -> Result<(), uplink_db::DbError> {
        if let Some(actor) = &self.audit {
            uplink_db::audit::append_in(tx, actor, &entry).await?;
        }
        Ok(())
    }

    pub fn party_str(&self) -> &'static str {
        match self.party {
            Party::Buyer => "buyer",
            Party::Staff => "staff",
            Party::System => "system",
        }
    }
}
