//! The frame every mail shares: greeting, the template's blocks, and the
//! footer (support 24/7, operator, "sent automatically"), as plain text and
//! as simple inline-styled HTML that mail clients render consistently.
use super::{html::fill_html, Brand};
use crate::html::escape_html;
use crate::mail::OutgoingEmail;
use app_core::i18n::{t, t_args, Key, Locale};

/// One piece of a mail's body.
pub(super) enum Block {
    /// A paragraph of text (escaped in HTML).
    Paragraph(String),
    /// A code the reader types somewhere: set apart and large.
    Code(String),
    /// Someone's words quoted as they wrote them (line breaks kept).
    Quote(String),
}

/// The site's name, as the locale writes it.
pub(super) fn site(locale: Locale) -> &'static str {
    t(locale, Key::SiteName)
}

/// Assembles the mail to `to` from `subject` and `blocks`.
pub(super) fn render(
    locale: Locale,
    brand: &Brand,
    to: &str,
    subject: String,
    blocks: &[Block],
) -> OutgoingEmail {
    OutgoingEmail {
        to: to.to_owned(),
        text: render_text(locale, brand, blocks),
        html: render_html(locale, brand, &subject, blocks),
        subject,
    }
}

fn render_text(locale: Locale, brand: &Brand, blocks: &[Block]) -> String {
    let mut parts = vec![t(locale, Key::MailGreeting).to_owned()];
    parts.extend(blocks.iter().map(|block| {
        match block {
            Block::Paragraph(text) => text.clone(),
            Block::Code(code) => format!("    {code}"),
            Block::Quote(text) => text
                .lines()
                .map(|line| format!("> {line}"))
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }));
    let footer = [
        t_args(locale, Key::MailSupport, &[("email", &brand.support_email)]),
        t_args(
            locale,
            Key::MailOperator,
            &[("site", site(locale)), ("operator", &brand.operator_name)],
        ),
        t(locale, Key::MailAutomated).to_owned(),
    ];
    // "-- " is the conventional signature separator.
    format!("{}\n\n-- \n{}\n", parts.join("\n\n"), footer.join("\n"))
}

const BODY_STYLE: &str =
    "margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328;";
const CARD_STYLE: &str =
    "max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;";
const P_STYLE: &str = "margin:0 0 16px;font-size:16px;line-height:1.5;";
const CODE_STYLE: &str = "margin:0 0 16px;padding:12px 16px;background:#f4f5f7;border-radius:6px;\
font-family:Consolas,Menlo,monospace;font-size:28px;font-weight:bold;letter-spacing:6px;text-align:center;";
const QUOTE_STYLE: &str = "margin:0 0 16px;padding:8px 16px;border-left:4px solid #0f766e;font-size:16px;line-height:1.5;white-space:normal;";
const MARK_STYLE: &str =
    "margin:0 0 20px;font-size:18px;font-weight:bold;line-height:28px;color:#0f766e;";
/// The mark as mail clients draw it without images (remote images are often
/// blocked and SVG is stripped): the teal disc with the white tick.
const MARK_DISC_STYLE: &str = "display:inline-block;width:28px;height:28px;line-height:28px;\
border-radius:14px;background:#0f766e;color:#ffffff;font-size:16px;text-align:center;vertical-align:middle;margin-right:8px;";
const FOOTER_STYLE: &str = "margin:0 0 8px;font-size:13px;line-height:1.5;color:#59636e;";

fn render_html(locale: Locale, brand: &Brand, subject: &str, blocks: &[Block]) -> String {
    let mut body = format!(
        r#"<p style="{MARK_STYLE}"><span style="{MARK_DISC_STYLE}" aria-hidden="true">&#10003;</span>{}</p><p style="{P_STYLE}">{}</p>"#,
        escape_html(site(locale)),
        escape_html(t(locale, Key::MailGreeting))
    );
    for block in blocks {
        match block {
            Block::Paragraph(text) => {
                body += &format!(r#"<p style="{P_STYLE}">{}</p>"#, escape_html(text))
            }
            Block::Code(code) => {
                body += &format!(r#"<p style="{CODE_STYLE}">{}</p>"#, escape_html(code))
            }
            Block::Quote(text) => {
                let lines: Vec<String> = text.lines().map(escape_html).collect();
                body += &format!(
                    r#"<blockquote style="{QUOTE_STYLE}">{}</blockquote>"#,
                    lines.join("<br>")
                );
            }
        }
    }
    let email = escape_html(&brand.support_email);
    let support_link = format!(r#"<a href="mailto:{email}" style="color:#0969da;">{email}</a>"#);
    let footer = [
        fill_html(t(locale, Key::MailSupport), &[("email", support_link)]),
        fill_html(
            t(locale, Key::MailOperator),
            &[
                ("site", escape_html(site(locale))),
                ("operator", escape_html(&brand.operator_name)),
            ],
        ),
        escape_html(t(locale, Key::MailAutomated)),
    ]
    .map(|line| format!(r#"<p style="{FOOTER_STYLE}">{line}</p>"#))
    .concat();
    format!(
        r#"<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>{title}</title></head><body style="{BODY_STYLE}"><div style="{CARD_STYLE}">{body}<hr style="border:none;border-top:1px solid #d1d9e0;margin:24px 0 16px;">{footer}</div></body></html>"#,
        lang = locale.html_lang(),
        title = escape_html(subject),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every HTML mail opens with the mark and the site's name, in the
    /// reader's language, before the greeting.
    #[test]
    fn every_html_mail_opens_with_the_mark_and_the_name() {
        let brand = Brand {
            operator_name: "Op".into(),
            support_email: "help@ct.example".into(),
        };
        for locale in Locale::ALL {
            let mail = render(locale, &brand, "a@b.co", "S".into(), &[]);
            let mark = mail.html.find("&#10003;</span>").expect("the mark");
            let name = mail.html.find(&escape_html(site(locale))).expect("name");
            let greeting = mail
                .html
                .find(&escape_html(t(locale, Key::MailGreeting)))
                .expect("greeting");
            assert!(mark < name && name < greeting, "{locale:?}");
        }
    }
}
