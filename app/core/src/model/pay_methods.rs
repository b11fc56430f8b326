//! The payment methods a visitor picks, where each works, in what order
//! they are offered and which form fields each needs.
use serde::{Deserialize, Serialize};

/// A payment method the visitor picks (`choose` in the method list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum MethodChoice {
    Card,
    Paypal,
    FastSpring,
    Gcash,
    Dana,
    Grabpay,
    Paymaya,
    /// Indonesia's national QR standard: any bank or wallet app pays it.
    Qris,
    Gopay,
    Ovo,
    Shopeepay,
}

impl MethodChoice {
    pub const ALL: [MethodChoice; 11] = [
        MethodChoice::Card,
        MethodChoice::Paypal,
        MethodChoice::FastSpring,
        MethodChoice::Gcash,
        MethodChoice::Dana,
        MethodChoice::Grabpay,
        MethodChoice::Paymaya,
        MethodChoice::Qris,
        MethodChoice::Gopay,
        MethodChoice::Ovo,
        MethodChoice::Shopeepay,
    ];

    /// The wire name (`card`, `fastSpring`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            MethodChoice::Card => "card",
            MethodChoice::Paypal => "paypal",
            MethodChoice::FastSpring => "fastSpring",
            MethodChoice::Gcash => "gcash",
            MethodChoice::Dana => "dana",
            MethodChoice::Grabpay => "grabpay",
            MethodChoice::Paymaya => "paymaya",
            MethodChoice::Qris => "qris",
            MethodChoice::Gopay => "gopay",
            MethodChoice::Ovo => "ovo",
            MethodChoice::Shopeepay => "shopeepay",
        }
    }

    /// Parses the wire name.
    pub fn parse(s: &str) -> Option<MethodChoice> {
        MethodChoice::ALL.into_iter().find(|m| m.as_str() == s)
    }

    /// Priority rank where no country order applies: lower is shown first
    /// (card 1, PayPal 2, FastSpring 3, PayerMax wallets 4, dLocal wallets 5).
    pub fn level(self) -> u8 {
        match self {
            MethodChoice::Card => 1,
            MethodChoice::Paypal => 2,
            MethodChoice::FastSpring => 3,
            MethodChoice::Gcash | MethodChoice::Dana | MethodChoice::Gopay => 4,
            _ => 5,
        }
    }

    /// The only country a local method works in (ISO 3166 alpha-2); `None`
    /// for methods offered everywhere.
    pub fn country(self) -> Option<&'static str> {
        match self {
            MethodChoice::Gcash | MethodChoice::Grabpay | MethodChoice::Paymaya => Some("PH"),
            MethodChoice::Dana
            | MethodChoice::Qris
            | MethodChoice::Gopay
            | MethodChoice::Ovo
            | MethodChoice::Shopeepay => Some("ID"),
            _ => None,
        }
    }

    /// Whether each renewal needs the payer to confirm it (a pay link), as
    /// the wallet cannot be charged without them: dLocal takes GrabPay,
    /// Maya, QRIS, OVO and ShopeePay only with the payer present (REDIRECT)
    /// and its saved-wallet model is closed to new merchants; PayerMax
    /// binds no token for GoPay. Cards, PayPal and FastSpring renew at the
    /// provider; GCash and DANA are debited with the token bound at checkout.
    pub fn renews_with_payer(self) -> bool {
        matches!(
            self,
            MethodChoice::Grabpay
                | MethodChoice::Paymaya
                | MethodChoice::Qris
                | MethodChoice::Ovo
                | MethodChoice::Shopeepay
                | MethodChoice::Gopay
        )
    }

    /// Which payment-form fields this method needs besides the e-mail:
    /// the payer's name and phone for PayerMax's wallets, name and national
    /// ID for dLocal's (it requires both), the postal code for a card.
    pub fn fields(self) -> &'static [PayField] {
        match self {
            MethodChoice::Card => &[PayField::Zip],
            MethodChoice::Paypal | MethodChoice::FastSpring => &[],
            MethodChoice::Gcash | MethodChoice::Dana | MethodChoice::Gopay => {
                &[PayField::Name, PayField::Phone]
            }
            MethodChoice::Grabpay
            | MethodChoice::Paymaya
            | MethodChoice::Qris
            | MethodChoice::Ovo
            | MethodChoice::Shopeepay => &[PayField::Name, PayField::Document],
        }
    }

    /// Where the method stands in `country`'s list: the country's own
    /// methods first, most used first (in Indonesia QRIS, which every bank
    /// and wallet app pays, then GoPay, OVO, DANA, ShopeePay), then the
    /// ones offered everywhere by [`MethodChoice::level`].
    fn rank(self, country: &str) -> (u8, u8) {
        let local: &[MethodChoice] = match country.to_ascii_uppercase().as_str() {
            "ID" => &[
                MethodChoice::Qris,
                MethodChoice::Gopay,
                MethodChoice::Ovo,
                MethodChoice::Dana,
                MethodChoice::Shopeepay,
            ],
            _ => &[],
        };
        match local.iter().position(|m| *m == self) {
            Some(i) => (0, u8::try_from(i).unwrap_or(u8::MAX)),
            None => (1, self.level()),
        }
    }

    /// The methods offered in `country`, by priority.
    pub fn for_country(country: &str) -> Vec<MethodChoice> {
        let mut methods: Vec<MethodChoice> = MethodChoice::ALL
            .into_iter()
            .filter(|m| m.country().is_none_or(|c| c.eq_ignore_ascii_case(country)))
            .collect();
        methods.sort_by_key(|m| m.rank(country));
        methods
    }
}

/// A payment-form field (besides the always-present e-mail).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum PayField {
    Zip,
    Name,
    Document,
    Phone,
}

#[cfg(test)]
mod tests {
    use super::MethodChoice as M;

    #[test]
    fn indonesia_gets_its_methods_most_used_first_and_nobody_else_does() {
        let id = M::for_country("id");
        assert_eq!(id[..5], [M::Qris, M::Gopay, M::Ovo, M::Dana, M::Shopeepay]);
        assert!(id.contains(&M::Card) && !id.contains(&M::Gcash));
        for elsewhere in ["PH", "US", "DE"] {
            let list = M::for_country(elsewhere);
            assert!(
                list.iter().all(|m| m.country() != Some("ID")),
                "{elsewhere}"
            );
        }
        assert_eq!(M::for_country("US")[0], M::Card);
        for m in M::ALL {
            assert_eq!(M::parse(m.as_str()), Some(m));
        }
    }

    #[test]
    fn wallets_ask_no_postal_code() {
        for m in M::ALL.into_iter().filter(|m| *m != M::Card) {
            assert!(!m.fields().contains(&super::PayField::Zip), "{m:?}");
        }
    }

    /// Without JavaScript only the checked method's fields show, by one
    /// stylesheet rule per method: a method without its rule would hide the
    /// fields it needs.
    #[test]
    fn every_method_shows_its_fields_in_the_no_javascript_form() {
        let css = include_str!("../../../../style/checkout.css");
        for m in M::ALL {
            let rule = format!(
                r#"input[name="method"][value="{0}"]:checked) .pay-field[data-for~="{0}"]"#,
                m.as_str()
            );
            assert!(css.contains(&rule), "{m:?}");
        }
    }
}
