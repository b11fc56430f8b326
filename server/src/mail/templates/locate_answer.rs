//! The mail telling a member that the owner of a number answered their
//! location request (sent only when the member asked for it).
use super::{
    layout::{self, Block},
    Brand,
};
use crate::mail::OutgoingEmail;
use app_core::i18n::{t, t_args, Key, Locale};

/// The mail to `to` saying that the owner of `phone` answered: `answer` is
/// the answer as the member's dashboard names it; `link` opens the
/// dashboard. No position travels in a mail.
pub fn locate_answer(
    locale: Locale,
    to: &str,
    phone: &str,
    answer: &str,
    link: &str,
    brand: &Brand,
) -> OutgoingEmail {
    let site = layout::site(locale);
    let subject = t_args(
        locale,
        Key::MailLocateAnswerSubject,
        &[("site", site), ("answer", answer)],
    );
    let blocks = [
        Block::Paragraph(t_args(
            locale,
            Key::MailLocateAnswerIntro,
            &[("phone", phone), ("answer", answer)],
        )),
        Block::Paragraph(t_args(locale, Key::MailLocateAnswerSee, &[("link", link)])),
        Block::Paragraph(t(locale, Key::MailLocateAnswerWhy).to_owned()),
    ];
    layout::render(locale, brand, to, subject, &blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_locale_names_the_number_the_answer_and_the_link() {
        let brand = Brand {
            operator_name: "Op".into(),
            support_email: "help@ct.example".into(),
        };
        for locale in Locale::ALL {
            let mail = locate_answer(
                locale,
                "a@b.co",
                "+62 812-3456-7890",
                "Declined",
                "https://ct.example/dashboard/locations",
                &brand,
            );
            for part in ["+62 812-3456-7890", "Declined", "/dashboard/locations"] {
                assert!(mail.text.contains(part), "{locale:?}: {}", mail.text);
            }
            assert!(!mail.subject.contains('{'), "{locale:?}: {}", mail.subject);
        }
    }
}
