//! The mail telling an administrator that a staff account's second factor
//! was locked after too many wrong codes.
use super::{
    layout::{self, Block},
    Brand,
};
use crate::mail::OutgoingEmail;
use app_core::i18n::{t_args, Key, Locale};

/// The alert to the administrator `to`: `staff_email` was locked after
/// `failures` wrong codes; what to do and how to unlock it.
pub fn staff_locked(
    locale: Locale,
    to: &str,
    staff_email: &str,
    failures: i32,
    brand: &Brand,
) -> OutgoingEmail {
    let site = layout::site(locale);
    let count = failures.to_string();
    let email = [("email", staff_email)];
    let subject = t_args(locale, Key::MailStaffLockedSubject, &[("site", site)]);
    let blocks = [
        Block::Paragraph(t_args(
            locale,
            Key::MailStaffLockedIntro,
            &[("email", staff_email), ("count", &count)],
        )),
        Block::Paragraph(t_args(locale, Key::MailStaffLockedAction, &email)),
        Block::Paragraph(t_args(locale, Key::MailStaffLockedAdvice, &email)),
    ];
    layout::render(locale, brand, to, subject, &blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_is_escaped_and_every_locale_names_the_unlock_command() {
        let brand = Brand {
            operator_name: "Op".into(),
            support_email: "help@ct.example".into(),
        };
        for locale in Locale::ALL {
            let mail = staff_locked(locale, "admin@ct.example", "<b>@x.co", 10, &brand);
            assert!(
                mail.text.contains("server staff unlock <b>@x.co"),
                "{locale:?}"
            );
            assert!(!mail.html.contains("<b>@"), "{locale:?}: {}", mail.html);
            assert!(mail.text.contains("10"), "{locale:?}");
        }
    }
}
