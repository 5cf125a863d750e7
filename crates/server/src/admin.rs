//! `uplink admin create --email … [--password …] [--name …] [--country …]`:
//! creates an admin account, or gives an existing account the admin role
//! (and, with `--password`, a new password). Without `--password` the
//! password is read from the first line of standard input.

use anyhow::{Context, bail};
use std::io::BufRead;
use uplink_api::Config;
use uplink_api::platform::passwords::hash_blocking;
use uplink_db::Db;
use uplink_db::accounts::{NewUser, RoleFlags};
use uplink_domain::accounts::password::check_new_password;
use uplink_domain::accounts::{Email, countries::parse_country};

pub const USAGE: &str = "usage: uplink admin create --email EMAIL [--password PASSWORD] [--name NAME] [--country CC]\n\
       (without --password the password is read from standard input)";

struct Args {
    email: String,
    password: Option<String>,
    name: Option<String>,
    country: Option<String>,
}

fn parse(args: &[String]) -> anyhow::Result<Args> {
    let mut out = Args {
        email: String::new(),
        password: None,
        name: None,
        country: None,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let (key, inline) = match flag.split_once('=') {
            Some((k, v)) => (k, Some(v.to_owned())),
            None => (flag.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .with_context(|| format!("{key} needs a value\n{USAGE}"))
        };
        match key {
            "--email" => out.email = value()?,
            "--password" => out.password = Some(value()?),
            "--name" => out.name = Some(value()?),
            "--country" => out.country = Some(value()?),
            other => bail!("unknown option `{other}`\n{USAGE}"),
        }
    }
    if out.email.is_empty() {
        bail!("--email is required\n{USAGE}");
    }
    Ok(out)
}

pub async fn run(args: &[String], db: &Db, config: &Config) -> anyhow::Result<()> {
    match args.first().map(String::as_str) {
        Some("create") => create(parse(&args[1..])?, db, config).await,
        _ => bail!("{USAGE}"),
    }
}

async fn create(args: Args, db: &Db, config: &Config) -> anyhow::Result<()> {
    let email = Email::parse(&args.email).map_err(|e| anyhow::anyhow!("--email: {e}"))?;
    let country = match args.country.as_deref() {
        Some(c) => parse_country(c)
            .with_context(|| format!("--country `{c}` is not an ISO 3166-1 alpha-2 code"))?,
        None => "US",
    };
    let password = match args.password {
        Some(p) => Some(p),
        None => {
            eprint!("Password for {email} (input is not hidden; empty keeps the current one): ");
            let mut line = String::new();
            std::io::stdin().lock().read_line(&mut line)?;
            Some(line.trim_end_matches(['\r', '\n']).to_owned()).filter(|p| !p.is_empty())
        }
    };
    if let Some(p) = &password {
        check_new_password(p).map_err(|m| anyhow::anyhow!("password: {m}"))?;
    }
    let cost = config.auth.password_cost;
    let hash = match password {
        Some(p) => Some(tokio::task::spawn_blocking(move || hash_blocking(cost, &p)).await??),
        None => None,
    };
    let user = match db.user_by_email(email.as_str()).await? {
        Some(user) => {
            if let Some(h) = &hash {
                db.set_password_hash(&user.id, h).await?;
            }
            println!("{email} exists; giving it the admin role");
            user
        }
        None => {
            let Some(hash) = hash else {
                bail!("a new account needs a password");
            };
            let user = db
                .insert_user(&NewUser {
                    email: email.as_str().to_owned(),
                    password_hash: Some(hash),
                    name: args.name.unwrap_or_else(|| "Administrator".into()),
                    company: None,
                    phone: None,
                    country: country.to_owned(),
                    newsletter: false,
                })
                .await
                .map_err(|e| anyhow::anyhow!("creating the account: {e}"))?;
            println!("created {email}");
            user
        }
    };
    db.set_roles(
        &user.id,
        &RoleFlags {
            is_admin: true,
            is_customer: user.is_customer,
            is_partner: user.is_partner,
            is_sales: user.is_sales,
            is_fulfilment: user.is_fulfilment,
        },
    )
    .await?;
    println!("{email} is an admin (id {})", user.id);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_parse_with_spaces_or_equals() {
        let a = parse(&strings(&[
            "--email",
            "a@b.co",
            "--password=0123456789",
            "--country",
            "de",
        ]))
        .unwrap();
        assert_eq!(
            (a.email.as_str(), a.password.as_deref()),
            ("a@b.co", Some("0123456789"))
        );
        assert_eq!(a.country.as_deref(), Some("de"));
        assert!(parse(&strings(&["--password", "x"])).is_err());
        assert!(parse(&strings(&["--email"])).is_err());
        assert!(parse(&strings(&["--email", "a@b.co", "--bogus", "1"])).is_err());
    }

    #[tokio::test]
    async fn create_makes_a_new_admin_and_promotes_an_existing_account() {
        let t = uplink_db::testing::TestDb::new().await;
        let mut config = Config::for_tests(&t.url);
        config.auth.password_cost = uplink_api::platform::config::PasswordCost::Fast;
        run(
            &strings(&[
                "create",
                "--email",
                "Root@Example.com",
                "--password",
                "0123456789x",
            ]),
            &t.db,
            &config,
        )
        .await
        .unwrap();
        let root =
            t.db.user_by_email("root@example.com")
                .await
                .unwrap()
                .unwrap();
        assert!(root.is_admin && root.password_hash.is_some());
        uplink_seed::seed_demo_accounts(&t.db).await.unwrap();
        run(
            &strings(&[
                "create",
                "--email",
                "customer@uplink.test",
                "--password",
                "another-password",
            ]),
            &t.db,
            &config,
        )
        .await
        .unwrap();
        let promoted =
            t.db.user_by_email("customer@uplink.test")
                .await
                .unwrap()
                .unwrap();
        assert!(promoted.is_admin && promoted.is_customer);
        assert!(
            run(
                &strings(&["create", "--email", "x@example.com", "--password", "short"]),
                &t.db,
                &config
            )
            .await
            .is_err()
        );
    }
}
