//! Support's answer in the help chat, by e-mail.
use super::{
    layout::{self, Block},
    Brand,
};
use crate::mail::OutgoingEmail;
use app_core::i18n::{t, t_args, Key, Locale};

/// The mail carrying support's `reply` (plain text, escaped in HTML), with
/// where to answer (`link`).
pub fn chat_reply(
    locale: Locale,
    to: &str,
    reply: &str,
    link: &str,
    brand: &Brand,
) -> OutgoingEmail {
    let site = layout::site(locale);
    let subject = t_args(locale, Key::MailChatSubject, &[("site", site)]);
    let blocks = [
        Block::Paragraph(t_args(locale, Key::MailChatIntro, &[("site", site)])),
        Block::Quote(reply.to_owned()),
        Block::Paragraph(t_args(locale, Key::MailChatAnswer, &[("link", link)])),
        Block::Paragraph(t(locale, Key::MailChatNoReply).to_owned()),
    ];
    layout::render(locale, brand, to, subject, &blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reply_is_escaped_and_every_locale_is_complete() {
        let brand = Brand {
            operator_name: "Op".into(),
            support_email: "help@ct.example".into(),
        };
        for locale in Locale::ALL {
            let mail = chat_reply(
                locale,
                "a@b.co",
                "<script>x</script>\nline two",
                "https://ct.example/contact-us#contact-form",
                &brand,
            );
            assert!(
                mail.text.contains("<script>x</script>"),
                "text stays as typed"
            );
            assert!(!mail.html.contains("<script>"), "{locale:?}: {}", mail.html);
            assert!(mail
                .html
                .contains("&lt;script&gt;x&lt;/script&gt;<br>line two"));
            assert!(mail
                .text
                .contains("https://ct.example/contact-us#contact-form"));
            assert!(
                !mail.subject.contains('{') && !mail.text.contains("{link}"),
                "{locale:?}"
            );
        }
    }
}
