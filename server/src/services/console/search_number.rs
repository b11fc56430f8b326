//! A phone number as support types it into the customer search: in E.164
//! (`+62 812-3456-7890`, or its digits without `+`), or in national format
//! (`0812-3456-7890`) read in the country support names or, when none is
//! named, in each country customers paid from.
use crate::domain::phone::PhoneFormat;
use crate::persistence::entities::order;
use crate::services::ServiceError;
use sea_orm::{ConnectionTrait, EntityTrait, QuerySelect};

/// The E.164 numbers `q` can stand for, without repeats; empty when `q` is
/// not a number. `country` (ISO 3166 alpha-2) reads a national number.
///
/// # Errors
/// A database error while reading the customers' countries.
pub async fn numbers_of(
    db: &impl ConnectionTrait,
    q: &str,
    country: Option<&str>,
) -> Result<Vec<String>, ServiceError> {
    let Some(digits) = dialable(q) else {
        return Ok(Vec::new());
    };
    let mut found = Vec::new();
    let international = if digits.starts_with('+') {
        digits.clone()
    } else {
        format!("+{digits}")
    };
    found.extend(valid(&international, None));
    if !digits.starts_with('+') {
        let regions = match country.map(str::trim).filter(|c| c.len() == 2) {
            Some(c) => vec![c.to_ascii_uppercase()],
            None => customer_countries(db).await?,
        };
        found.extend(regions.iter().filter_map(|r| valid(&digits, Some(r))));
    }
    let mut seen = std::collections::HashSet::new();
    found.retain(|n| seen.insert(n.clone()));
    Ok(found)
}

/// `q` without the separators people type, if what is left is a number.
fn dialable(q: &str) -> Option<String> {
    let digits: String = q
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '.' | '\u{a0}'))
        .collect();
    let rest = digits.strip_prefix('+').unwrap_or(&digits);
    (!rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

fn valid(input: &str, region: Option<&str>) -> Option<String> {
    crate::services::phone::validate(input, region)
        .ok()
        .map(|p| p.format(PhoneFormat::E164))
}

/// The countries orders were paid from (a handful: the launch countries).
async fn customer_countries(db: &impl ConnectionTrait) -> Result<Vec<String>, ServiceError> {
    let countries: Vec<String> = order::Entity::find()
        .select_only()
        .column(order::Column::Country)
        .distinct()
        .into_tuple()
        .all(db)
        .await?;
    Ok(countries
        .into_iter()
        .filter(|c| c.len() == 2 && c.bytes().all(|b| b.is_ascii_alphabetic()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_digits_with_separators_are_a_number() {
        assert_eq!(dialable("0812-3456-7890").as_deref(), Some("081234567890"));
        assert_eq!(
            dialable("+62 (812) 3456.7890").as_deref(),
            Some("+6281234567890")
        );
        assert_eq!(dialable("ana@mail.com"), None);
        assert_eq!(dialable("+"), None);
    }

    #[test]
    fn a_national_number_is_read_in_the_named_country() {
        assert_eq!(
            valid("081234567890", Some("ID")).as_deref(),
            Some("+6281234567890")
        );
        assert_eq!(valid("081234567890", None), None);
    }
}
