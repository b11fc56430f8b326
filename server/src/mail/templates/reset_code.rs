//! The password-reset code mail.
use super::{
    layout::{self, Block},
    Brand,
};
use crate::mail::OutgoingEmail;
use app_core::i18n::{t, t_args, Key, Locale};

/// The mail carrying a password-reset `code`, valid for `minutes_valid`
/// minutes, in `locale`. Says what to do with it, that it expires, never to
/// share it, and that it can be ignored when unrequested.
pub fn reset_code(
    locale: Locale,
    to: &str,
    code: &str,
    minutes_valid: u32,
    brand: &Brand,
) -> OutgoingEmail {
    let site = layout::site(locale);
    let minutes = minutes_valid.to_string();
    let subject = t_args(locale, Key::MailResetSubject, &[("site", site)]);
    let blocks = [
        Block::Paragraph(t_args(locale, Key::MailResetIntro, &[("site", site)])),
        Block::Code(code.to_owned()),
        Block::Paragraph(t_args(
            locale,
            Key::MailResetExpiry,
            &[("minutes", &minutes)],
        )),
        Block::Paragraph(t_args(locale, Key::MailResetNeverShare, &[("site", site)])),
        Block::Paragraph(t(locale, Key::MailResetIgnore).to_owned()),
    ];
    layout::render(locale, brand, to, subject, &blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brand() -> Brand {
        Brand {
            operator_name: "Tom <&> Jerry Ltd.".into(),
            support_email: "help@ct.example".into(),
        }
    }

    /// A `{name}` left in the output means a placeholder was not filled.
    fn assert_no_placeholder(text: &str) {
        let leftover = text.split('{').skip(1).find(|rest| {
            rest.split_once('}').is_some_and(|(name, _)| {
                !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase())
            })
        });
        assert!(leftover.is_none(), "unfilled placeholder in: {text}");
    }

    #[test]
    fn every_locale_renders_a_complete_mail() {
        for locale in Locale::ALL {
            let mail = reset_code(locale, "ann@example.com", "493817", 15, &brand());
            assert_eq!(mail.to, "ann@example.com");
            assert!(
                mail.subject.contains("Cool Tracker"),
                "{locale:?}: {}",
                mail.subject
            );
            for body in [&mail.text, &mail.html] {
                assert!(body.contains("493817"), "{locale:?} lacks the code");
                assert!(
                    body.contains("help@ct.example"),
                    "{locale:?} lacks the support address"
                );
                assert!(body.contains("15"), "{locale:?} lacks the validity");
                assert!(body.contains("24/7"), "{locale:?} lacks 24/7");
                assert_no_placeholder(body);
            }
            assert_no_placeholder(&mail.subject);
            assert!(mail.text.contains("Tom <&> Jerry Ltd."), "text stays raw");
            assert!(
                mail.html.contains("Tom &lt;&amp;&gt; Jerry Ltd."),
                "{locale:?}: operator escaped"
            );
            assert!(!mail.html.contains("<&>"), "{locale:?}: raw markup in HTML");
            assert!(mail.html.contains(r#"href="mailto:help@ct.example""#));
            assert!(mail
                .html
                .contains(&format!(r#"<html lang="{}">"#, locale.html_lang())));
        }
    }

    #[test]
    fn the_wording_is_the_locale_s() {
        let en = reset_code(Locale::En, "a@b.c", "1", 10, &brand());
        let id = reset_code(Locale::Id, "a@b.c", "1", 10, &brand());
        let zh = reset_code(Locale::Zh, "a@b.c", "1", 10, &brand());
        assert_eq!(en.subject, "Your Cool Tracker password reset code");
        assert!(en.text.contains("The code expires in 10 minutes."));
        assert!(en
            .text
            .contains("If you did not ask for this, you can ignore this e-mail"));
        assert!(id.text.contains("Kode ini kedaluwarsa dalam 10 menit."));
        assert!(zh.text.contains("验证码将在 10 分钟后失效。"));
        assert_ne!(id.subject, en.subject);
        assert_ne!(zh.subject, en.subject);
    }

    #[test]
    fn the_code_is_escaped_too() {
        let mail = reset_code(Locale::En, "a@b.c", "<script>", 10, &brand());
        assert!(!mail.html.contains("<script>"));
        assert!(mail.html.contains("&lt;script&gt;"));
    }
}
