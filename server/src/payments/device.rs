//! The payer's device as wallets ask for it: the address and browser seen
//! at checkout, and the kind of device that browser runs on.

/// The payer's address and browser at checkout. `Debug` is redacted.
#[derive(Clone, PartialEq, Eq)]
pub struct PayerDevice {
    pub ip: String,
    pub user_agent: String,
}

impl std::fmt::Debug for PayerDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PayerDevice").finish_non_exhaustive()
    }
}

impl PayerDevice {
    /// Whether the browser is a phone's or a tablet's (its user agent says
    /// `Mobi`, `Android`, `iPhone` or `iPad`): a wallet then opens its app.
    pub fn is_mobile(&self) -> bool {
        ["Mobi", "Android", "iPhone", "iPad"]
            .iter()
            .any(|mark| self.user_agent.contains(mark))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_are_told_from_desktops_by_the_user_agent() {
        let device = |ua: &str| PayerDevice {
            ip: "203.0.113.7".into(),
            user_agent: ua.into(),
        };
        assert!(device("Mozilla/5.0 (Linux; Android 14) Mobile Safari").is_mobile());
        assert!(device("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)").is_mobile());
        assert!(!device("Mozilla/5.0 (Windows NT 10.0; Win64; x64)").is_mobile());
        assert!(!format!("{:?}", device("x")).contains("203.0.113.7"));
    }
}
