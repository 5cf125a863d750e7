//! Countries (ISO 3166-1 alpha-2), US states, and the store region a country belongs to (SPEC §3).

pub use super::countries_data::{COUNTRIES, US_STATES};

/// The English name of an alpha-2 code (upper case), if it is a real country.
pub fn country_name(code: &str) -> Option<&'static str> {
    COUNTRIES
        .binary_search_by(|(c, _)| (*c).cmp(code))
        .ok()
        .map(|i| COUNTRIES[i].1)
}

/// True for an ISO 3166-1 alpha-2 code (upper case).
pub fn is_country(code: &str) -> bool {
    country_name(code).is_some()
}

/// The name of a US state code (upper case), e.g. `CA` → California.
pub fn us_state_name(code: &str) -> Option<&'static str> {
    US_STATES
        .binary_search_by(|(c, _)| (*c).cmp(code))
        .ok()
        .map(|i| US_STATES[i].1)
}

/// The store region (SPEC §3, fixed names `US` and `Global`) of an account country.
pub fn region_for_country(country: &str) -> &'static str {
    if country.eq_ignore_ascii_case("US") {
        "US"
    } else {
        "Global"
    }
}

/// The eStore a signed-in customer from `country` lands in: `us` for the US, else `global`.
pub fn store_for_country(country: &str) -> &'static str {
    if region_for_country(country) == "US" {
        "us"
    } else {
        "global"
    }
}

/// Upper-cases and trims a country code typed by a person; `None` unless it is real.
pub fn parse_country(input: &str) -> Option<&'static str> {
    let code = input.trim().to_ascii_uppercase();
    COUNTRIES
        .binary_search_by(|(c, _)| (*c).cmp(code.as_str()))
        .ok()
        .map(|i| COUNTRIES[i].0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_are_sorted_so_lookups_work() {
        assert!(COUNTRIES.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(US_STATES.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(COUNTRIES.len(), 249);
    }

    #[test]
    fn real_codes_are_known_and_made_up_ones_are_not() {
        assert_eq!(country_name("DE"), Some("Germany"));
        assert!(is_country("US"));
        assert!(!is_country("XX"));
        assert!(!is_country("us"));
        assert_eq!(parse_country(" gb "), Some("GB"));
        assert_eq!(parse_country("UK"), None);
        assert_eq!(us_state_name("CA"), Some("California"));
        assert_eq!(us_state_name("ZZ"), None);
    }

    #[test]
    fn us_accounts_belong_to_the_us_store_and_everyone_else_to_global() {
        assert_eq!(region_for_country("US"), "US");
        assert_eq!(store_for_country("us"), "us");
        assert_eq!(region_for_country("CA"), "Global");
        assert_eq!(store_for_country("DE"), "global");
    }
}
