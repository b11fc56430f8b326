//! The enums of the phone layer, with libphonenumber's names on the wire.
use rlibphonenumber::{
    NumberLengthType, ParseError, PhoneNumberFormat, PhoneNumberType, ValidationError,
};
use serde::Serialize;

/// Why an input could not be parsed (libphonenumber's parse error types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhoneError {
    /// No calling code found, or an unknown one (also: no `+` and no region).
    InvalidCountryCode,
    /// Not recognisable as a phone number (including fewer than 2 characters).
    NotANumber,
    /// An international prefix followed by too few digits.
    TooShortAfterIdd,
    /// A national number shorter than 2 digits.
    TooShortNsn,
    /// More than 250 characters, or a national number over 17 digits.
    TooLong,
}

impl PhoneError {
    /// libphonenumber's name for the error type.
    pub fn name(self) -> &'static str {
        match self {
            PhoneError::InvalidCountryCode => "INVALID_COUNTRY_CODE",
            PhoneError::NotANumber => "NOT_A_NUMBER",
            PhoneError::TooShortAfterIdd => "TOO_SHORT_AFTER_IDD",
            PhoneError::TooShortNsn => "TOO_SHORT_NSN",
            PhoneError::TooLong => "TOO_LONG",
        }
    }
}

impl From<ParseError> for PhoneError {
    fn from(error: ParseError) -> Self {
        match error {
            ParseError::InvalidCountryCode => PhoneError::InvalidCountryCode,
            ParseError::NotANumber(_) => PhoneError::NotANumber,
            ParseError::TooShortAfterIdd => PhoneError::TooShortAfterIdd,
            ParseError::TooShortNsn => PhoneError::TooShortNsn,
            ParseError::TooLongNsn => PhoneError::TooLong,
        }
    }
}

/// The result codes of a length check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LengthCheck {
    /// A possible length for the region.
    IsPossible,
    /// Possible only when dialled locally (without an area code).
    IsPossibleLocalOnly,
    /// The calling code is unknown.
    InvalidCountryCode,
    /// Shorter than any number of the region.
    TooShort,
    /// Within the region's range but matching no possible length.
    InvalidLength,
    /// Longer than any number of the region.
    TooLong,
}

impl LengthCheck {
    /// libphonenumber's name for the result.
    pub fn name(self) -> &'static str {
        match self {
            LengthCheck::IsPossible => "IS_POSSIBLE",
            LengthCheck::IsPossibleLocalOnly => "IS_POSSIBLE_LOCAL_ONLY",
            LengthCheck::InvalidCountryCode => "INVALID_COUNTRY_CODE",
            LengthCheck::TooShort => "TOO_SHORT",
            LengthCheck::InvalidLength => "INVALID_LENGTH",
            LengthCheck::TooLong => "TOO_LONG",
        }
    }
}

impl From<Result<NumberLengthType, ValidationError>> for LengthCheck {
    fn from(result: Result<NumberLengthType, ValidationError>) -> Self {
        match result {
            Ok(NumberLengthType::IsPossible) => LengthCheck::IsPossible,
            Ok(NumberLengthType::IsPossibleLocalOnly) => LengthCheck::IsPossibleLocalOnly,
            Err(ValidationError::InvalidCountryCode) => LengthCheck::InvalidCountryCode,
            Err(ValidationError::TooShort) => LengthCheck::TooShort,
            Err(ValidationError::InvalidLength) => LengthCheck::InvalidLength,
            Err(ValidationError::TooLong) => LengthCheck::TooLong,
        }
    }
}

/// Number types, as libphonenumber names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum NumberType {
    FixedLine,
    Mobile,
    FixedLineOrMobile,
    TollFree,
    PremiumRate,
    SharedCost,
    Voip,
    PersonalNumber,
    Pager,
    Uan,
    Voicemail,
    Unknown,
}

impl NumberType {
    /// libphonenumber's name for the type.
    pub fn name(self) -> &'static str {
        match self {
            NumberType::FixedLine => "FIXED_LINE",
            NumberType::Mobile => "MOBILE",
            NumberType::FixedLineOrMobile => "FIXED_LINE_OR_MOBILE",
            NumberType::TollFree => "TOLL_FREE",
            NumberType::PremiumRate => "PREMIUM_RATE",
            NumberType::SharedCost => "SHARED_COST",
            NumberType::Voip => "VOIP",
            NumberType::PersonalNumber => "PERSONAL_NUMBER",
            NumberType::Pager => "PAGER",
            NumberType::Uan => "UAN",
            NumberType::Voicemail => "VOICEMAIL",
            NumberType::Unknown => "UNKNOWN",
        }
    }

    /// Types tied to a place, so an area description means something
    /// (libphonenumber's `isNumberTypeGeographical`, without the
    /// per-country mobile exceptions, which the caller checks).
    pub fn is_geographical(self) -> bool {
        matches!(self, NumberType::FixedLine | NumberType::FixedLineOrMobile)
    }

    /// Types a carrier name is meaningful for (libphonenumber's carrier mapper rule).
    pub fn has_carrier(self) -> bool {
        matches!(
            self,
            NumberType::Mobile | NumberType::FixedLineOrMobile | NumberType::Pager
        )
    }
}

impl From<PhoneNumberType> for NumberType {
    fn from(t: PhoneNumberType) -> Self {
        match t {
            PhoneNumberType::FixedLine => NumberType::FixedLine,
            PhoneNumberType::Mobile => NumberType::Mobile,
            PhoneNumberType::FixedLineOrMobile => NumberType::FixedLineOrMobile,
            PhoneNumberType::TollFree => NumberType::TollFree,
            PhoneNumberType::PremiumRate => NumberType::PremiumRate,
            PhoneNumberType::SharedCost => NumberType::SharedCost,
            PhoneNumberType::VoIP => NumberType::Voip,
            PhoneNumberType::PersonalNumber => NumberType::PersonalNumber,
            PhoneNumberType::Pager => NumberType::Pager,
            PhoneNumberType::UAN => NumberType::Uan,
            PhoneNumberType::VoiceMail => NumberType::Voicemail,
            PhoneNumberType::Unknown => NumberType::Unknown,
        }
    }
}

/// The four output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhoneFormat {
    /// `+6281234567890`
    E164,
    /// `+62 812-3456-7890`
    International,
    /// `0812-3456-7890`
    National,
    /// `tel:+62-812-3456-7890`
    Rfc3966,
}

impl From<PhoneFormat> for PhoneNumberFormat {
    fn from(f: PhoneFormat) -> Self {
        match f {
            PhoneFormat::E164 => PhoneNumberFormat::E164,
            PhoneFormat::International => PhoneNumberFormat::International,
            PhoneFormat::National => PhoneNumberFormat::National,
            PhoneFormat::Rfc3966 => PhoneNumberFormat::RFC3966,
        }
    }
}
