//! Phone numbers: parsing, validation, types and formats, on Google's
//! libphonenumber metadata through `rlibphonenumber` (see README: why this
//! engine). Every number rule is the library's rule, applied exactly:
//! input of 2..=250 characters, a region when there is no leading `+`,
//! national numbers of 2..=17 digits, known calling codes, extensions up to 7
//! digits. Library errors never reach users: [`PhoneError`] maps to the
//! one user-facing message, and the `*_or_default` helpers swallow them.
mod e164;
mod kinds;

pub use e164::{country_code, is_e164};
pub use kinds::{LengthCheck, NumberType, PhoneError, PhoneFormat};

use rlibphonenumber::{PhoneNumber, Region, PHONE_NUMBER_UTIL};

/// Longest input accepted (longer is [`PhoneError::TooLong`]).
pub const MAX_INPUT_CHARS: usize = app_core::account::validation::PHONE_INPUT_MAX_LEN;

/// A parsed phone number.
#[derive(Clone, Debug)]
pub struct Phone {
    number: PhoneNumber,
}

/// Parses `input`; `default_region` (ISO 3166 alpha-2, any case) is required
/// unless the input starts with `+` (or an international prefix of that region).
///
/// # Errors
/// Why the input is not a phone number.
pub fn parse(input: &str, default_region: Option<&str>) -> Result<Phone, PhoneError> {
    if input.chars().count() > MAX_INPUT_CHARS {
        return Err(PhoneError::TooLong);
    }
    let region = default_region.and_then(|r| Region::from_code(r.trim()).ok());
    PHONE_NUMBER_UTIL
        .parse(input, region)
        .map(|number| Phone { number })
        .map_err(PhoneError::from)
}

/// Whether `input` is a valid number (errors count as invalid).
pub fn is_valid_or_false(input: &str, default_region: Option<&str>) -> bool {
    parse(input, default_region).is_ok_and(|p| p.is_valid())
}

/// `input` in `format`, or an empty string when it does not parse.
pub fn format_or_empty(input: &str, default_region: Option<&str>, format: PhoneFormat) -> String {
    parse(input, default_region)
        .map(|p| p.format(format))
        .unwrap_or_default()
}

impl Phone {
    /// Whether the number is valid (matches a number pattern of its region).
    pub fn is_valid(&self) -> bool {
        PHONE_NUMBER_UTIL.is_valid_number(&self.number)
    }

    /// The number's type; [`NumberType::Unknown`] when it matches no pattern.
    pub fn number_type(&self) -> NumberType {
        NumberType::from(PHONE_NUMBER_UTIL.get_number_type(&self.number))
    }

    /// Whether the length is possible, and if not, why.
    pub fn length_check(&self) -> LengthCheck {
        LengthCheck::from(PHONE_NUMBER_UTIL.is_possible_number_with_reason(&self.number))
    }

    /// The number in one of the four output formats.
    pub fn format(&self, format: PhoneFormat) -> String {
        PHONE_NUMBER_UTIL
            .format(&self.number, format.into())
            .into_owned()
    }

    /// The country calling code, e.g. 62.
    pub fn calling_code(&self) -> u16 {
        u16::try_from(self.number.country_code).unwrap_or(0)
    }

    /// The region the number belongs to (`"001"` for non-geographic plans).
    pub fn region(&self) -> Option<String> {
        PHONE_NUMBER_UTIL
            .get_region_for_number(&self.number)
            .map(|r| r.as_region_str().as_str().to_owned())
    }

    /// Whether the number is tied to a place (fixed lines, and mobiles in
    /// countries whose mobile prefixes are geographic), so an area means something.
    pub fn is_geographical(&self) -> bool {
        PHONE_NUMBER_UTIL.is_number_geographical(&self.number)
    }

    /// The extension, if one was given.
    pub fn extension(&self) -> Option<&str> {
        Some(self.number.extension()).filter(|e| !e.is_empty())
    }

    /// The E.164 digits without `+` (the key of the carrier/area/timezone tables).
    pub fn e164_digits(&self) -> String {
        self.format(PhoneFormat::E164)
            .trim_start_matches('+')
            .to_owned()
    }
}

#[cfg(test)]
mod tests;
