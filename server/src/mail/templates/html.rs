//! Filling a translated mail template whose placeholders take ready-made
//! HTML (escaping itself is `crate::html`).
use crate::html::escape_html;

/// Escapes `template` and replaces each `{name}` with its value, which is
/// HTML already (escaped text or markup built here). One pass: a value that
/// itself contains `{…}` is never substituted again.
pub(super) fn fill_html(template: &str, args: &[(&str, String)]) -> String {
    let template = escape_html(template);
    let mut out = String::with_capacity(template.len());
    let mut rest = template.as_str();
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            args.iter()
                .find(|(name, _)| *name == &after[..close])
                .map(|(_, v)| (close, v))
        });
        match value {
            Some((close, value)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            escape_html(r#"<a href="x">Tom & 'Jerry'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
        );
        assert_eq!(escape_html("Cool Tracker 您好"), "Cool Tracker 您好");
    }

    #[test]
    fn fills_placeholders_once_and_escapes_the_template() {
        let html = fill_html(
            "<{a}> & {b} {unknown}",
            &[("a", "<b>A</b>".into()), ("b", "{a}".into())],
        );
        assert_eq!(html, "&lt;<b>A</b>&gt; &amp; {a} {unknown}");
    }
}
