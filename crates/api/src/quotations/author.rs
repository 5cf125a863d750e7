//! Who moves a quotation or writes in its history.

use uplink_db::accounts::UserRow;
use uplink_domain::quotations::Party;

/// Who wrote a history entry.
#[derive(Debug, Clone)]
pub struct Author {
    pub party: Party,
    /// What the history shows: the buyer's name, the sales person's e-mail.
    pub name: String,
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
        }
    }

    pub fn staff(user: &UserRow) -> Author {
        Author {
            party: Party::Staff,
            name: user.email.clone(),
        }
    }

    pub fn system() -> Author {
        Author {
            party: Party::System,
            name: "Uplink".into(),
        }
    }

    pub fn party_str(&self) -> &'static str {
        match self.party {
            Party::Buyer => "buyer",
            Party::Staff => "staff",
            Party::System => "system",
        }
    }
}
