//! The billing e-mails: welcome + receipt, receipt, trial reminder,
//! renewal failed, cancellation, refund. Each states the money plainly:
//! what was charged, what will be charged when, and how to stop it.
use super::{
    layout::{self, Block},
    Brand,
};
use crate::mail::OutgoingEmail;
use app_core::i18n::{t, t_args, Key, Locale};

/// The facts a billing e-mail states, already formatted for display.
#[derive(Clone, Debug, Default)]
pub struct BillingFacts {
    /// The charge's amount (`Rp 300`).
    pub amount: String,
    /// The full renewal price (`Rp 190000`).
    pub price: String,
    /// `true` for weekly plans.
    pub weekly: bool,
    pub receipt: String,
    /// The charge's date.
    pub charged_on: String,
    /// The next charge, the retry, or the end of access, by mail kind.
    pub next_date: String,
    /// The billing page.
    pub billing_url: String,
    /// Where a new account sets its password (welcome mail only).
    pub set_password_url: Option<String>,
    /// The wallet cannot be charged without the member: each renewal is
    /// theirs to confirm by pay link, never charged automatically.
    pub by_link: bool,
}

/// Which billing mail to write (also the kind a queued billing-mail job names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BillingMailText {
    /// First payment: receipt, and for a new account the set-your-password link.
    Welcome,
    /// A renewal's receipt.
    Receipt,
    /// Before the first full charge: amount and date, how to cancel.
    TrialReminder,
    /// The order was sold with a trial, but this person (account, e-mail or
    /// payment instrument) had one: what was paid, until when, the full
    /// price from then on, how to cancel.
    TrialNotRepeated,
    /// A renewal was declined: access is suspended until the retry
    /// succeeds; what the member can do about it.
    RenewalFailed,
    /// The saved method can no longer be charged: access is suspended; the
    /// member pays another way to continue.
    RenewalImpossible,
    /// A wallet that cannot be charged without the member: the next
    /// period's price, the day the paid one ends, the one-tap pay link.
    RenewalLink,
    /// That period ended unpaid: access is paused, the last day one tap
    /// still renews, then the subscription ends.
    RenewalLinkOverdue,
    /// The card or wallet that paid is from a country with another price:
    /// the renewal price from the next charge, how to cancel before it.
    PriceCountry,
    /// Cancelling at period end was confirmed.
    Canceled,
    /// A refund was issued.
    Refunded,
}

/// Renders billing mail `which` for `to` in `locale`.
pub fn billing_mail(
    which: BillingMailText,
    locale: Locale,
    to: &str,
    f: &BillingFacts,
    brand: &Brand,
) -> OutgoingEmail {
    let site = layout::site(locale);
    let cycle = t(
        locale,
        if f.weekly {
            Key::CycleWeekWord
        } else {
            Key::CycleMonthWord
        },
    );
    let args: [(&str, &str); 9] = [
        ("site", site),
        ("amount", &f.amount),
        ("price", &f.price),
        ("cycle", cycle),
        ("receipt", &f.receipt),
        ("date", &f.next_date),
        ("billing", &f.billing_url),
        ("link", f.set_password_url.as_deref().unwrap_or("")),
        ("charged", &f.charged_on),
    ];
    let p = |key: Key| Block::Paragraph(t_args(locale, key, &args));
    let receipt = Block::Paragraph(t_args(
        locale,
        Key::MailReceiptLine,
        &[
            ("receipt", &f.receipt),
            ("amount", &f.amount),
            ("date", &f.charged_on),
        ],
    ));
    // A wallet charged only with the member renews by pay link, never
    // automatically: its terms say so.
    let terms = if f.by_link {
        Key::MailLinkRenewalTerms
    } else {
        Key::MailRenewalTerms
    };
    let (subject, blocks) = content(which, f, &p, receipt, terms);
    layout::render(locale, brand, to, t_args(locale, subject, &args), &blocks)
}

/// The subject and paragraphs of mail `which`; `p` renders a paragraph.
fn content(
    which: BillingMailText,
    f: &BillingFacts,
    p: &dyn Fn(Key) -> Block,
    receipt: Block,
    terms: Key,
) -> (Key, Vec<Block>) {
    match which {
        BillingMailText::Welcome => {
            let mut blocks = vec![p(Key::MailWelcomeIntro), receipt, p(terms)];
            if f.set_password_url.is_some() {
                blocks.push(p(Key::MailSetPassword));
            }
            (Key::MailWelcomeSubject, blocks)
        }
        BillingMailText::Receipt => (Key::MailReceiptSubject, vec![receipt, p(terms)]),
        BillingMailText::TrialReminder => (
            Key::MailReminderSubject,
            vec![p(Key::MailReminderIntro), p(Key::MailCancelHint)],
        ),
        BillingMailText::TrialNotRepeated => (
            Key::MailNotRepeatedSubject,
            vec![
                receipt,
                p(Key::MailNotRepeatedIntro),
                p(Key::MailCancelHint),
            ],
        ),
        BillingMailText::RenewalFailed => (
            Key::MailFailedSubject,
            vec![p(Key::MailFailedIntro), p(Key::MailFailedFix)],
        ),
        BillingMailText::RenewalImpossible => (
            Key::MailImpossibleSubject,
            vec![p(Key::MailImpossibleIntro)],
        ),
        BillingMailText::RenewalLink => (
            Key::MailLinkSubject,
            vec![p(Key::MailLinkIntro), p(Key::MailLinkTerms)],
        ),
        BillingMailText::RenewalLinkOverdue => (
            Key::MailLinkOverdueSubject,
            vec![p(Key::MailLinkOverdueIntro)],
        ),
        BillingMailText::PriceCountry => (
            Key::MailPriceCountrySubject,
            vec![p(Key::MailPriceCountryIntro)],
        ),
        BillingMailText::Canceled => (Key::MailCanceledSubject, vec![p(Key::MailCanceledIntro)]),
        BillingMailText::Refunded => (Key::MailRefundSubject, vec![p(Key::MailRefundIntro)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> BillingFacts {
        BillingFacts {
            amount: "Rp 300".into(),
            price: "Rp 190000".into(),
            weekly: false,
            receipt: "CT0011-0".into(),
            charged_on: "2026-11-23".into(),
            next_date: "2026-11-24".into(),
            billing_url: "https://ct.example/id/billing".into(),
            set_password_url: Some("https://ct.example/id/reset-password?email=a%40b.co".into()),
            by_link: false,
        }
    }

    #[test]
    fn every_mail_states_its_money_in_every_locale() {
        let brand = Brand {
            operator_name: "Op".into(),
            support_email: "help@ct.example".into(),
        };
        let all = [
            BillingMailText::Welcome,
            BillingMailText::Receipt,
            BillingMailText::TrialReminder,
            BillingMailText::TrialNotRepeated,
            BillingMailText::RenewalFailed,
            BillingMailText::RenewalImpossible,
            BillingMailText::RenewalLink,
            BillingMailText::RenewalLinkOverdue,
            BillingMailText::PriceCountry,
            BillingMailText::Canceled,
            BillingMailText::Refunded,
        ];
        for locale in Locale::ALL {
            for which in all {
                let mail = billing_mail(which, locale, "a@b.co", &facts(), &brand);
                assert!(
                    !mail.text.contains('{'),
                    "{locale:?} {which:?}: unfilled placeholder: {}",
                    mail.text
                );
                assert!(!mail.subject.contains('{'), "{locale:?} {which:?}");
                let money = ["Rp 300", "Rp 190000"]
                    .iter()
                    .any(|m| mail.text.contains(m));
                let date = mail.text.contains("2026-11-2");
                assert!(
                    money || date,
                    "{locale:?} {which:?} states neither money nor date"
                );
            }
            let welcome =
                billing_mail(BillingMailText::Welcome, locale, "a@b.co", &facts(), &brand);
            assert!(
                welcome.text.contains("Rp 190000") && welcome.text.contains("/id/billing"),
                "{locale:?}: renewal terms"
            );
            assert!(
                welcome.text.contains("reset-password"),
                "{locale:?}: set-password link"
            );
        }
        let en = billing_mail(
            BillingMailText::Refunded,
            Locale::En,
            "a@b.co",
            &facts(),
            &brand,
        );
        assert!(en.text.contains("7 to 10 business days"));
    }
}
