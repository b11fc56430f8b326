//! A member's header as a template: rendered once with stand-ins where the
//! member's e-mail and count of new updates go, split there, and joined
//! with each member's own.

/// The e-mail's stand-in: plain letters, which no escaping changes.
pub const EMAIL_HOLE: &str = "ct-kept-member-email";
/// The count's stand-in: its digits appear nowhere else in a header.
pub const TOTAL_HOLE: i64 = 7_350_918_264;

/// What goes where a stand-in stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hole {
    Email,
    Total,
}

/// A member's header split at its stand-ins.
#[derive(Debug)]
pub struct MemberHeader {
    /// Each piece of markup and the hole that follows it (none after the last).
    parts: Vec<(String, Option<Hole>)>,
}

impl MemberHeader {
    /// The header `html`, rendered with the stand-ins.
    pub fn new(html: &str) -> MemberHeader {
        let total = TOTAL_HOLE.to_string();
        let holes = [(EMAIL_HOLE, Hole::Email), (total.as_str(), Hole::Total)];
        let mut parts = Vec::new();
        let mut rest = html;
        loop {
            let next = holes
                .iter()
                .filter_map(|(stand_in, hole)| Some((rest.find(stand_in)?, stand_in.len(), *hole)))
                .min_by_key(|(at, _, _)| *at);
            let Some((at, len, hole)) = next else {
                parts.push((rest.to_owned(), None));
                return MemberHeader { parts };
            };
            parts.push((rest[..at].to_owned(), Some(hole)));
            rest = &rest[at + len..];
        }
    }

    /// The header of the member signed in with `email` who has `total` new
    /// updates, escaped as the render escapes text.
    pub fn fill(&self, email: &str, total: i64) -> String {
        let email = html_escape::encode_text(email);
        let total = total.to_string();
        let size = self.parts.iter().map(|(html, _)| html.len()).sum::<usize>();
        let mut out = String::with_capacity(size + 3 * (email.len() + total.len()));
        for (html, hole) in &self.parts {
            out.push_str(html);
            match hole {
                Some(Hole::Email) => out.push_str(&email),
                Some(Hole::Total) => out.push_str(&total),
                None => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_each_hole_with_its_own_escaped() {
        let html =
            format!("<li>{EMAIL_HOLE}</li><span data-n=\"{TOTAL_HOLE}\">{TOTAL_HOLE}</span>");
        let header = MemberHeader::new(&html);
        assert_eq!(
            header.fill("a<b>@mail.com", 12),
            "<li>a&lt;b&gt;@mail.com</li><span data-n=\"12\">12</span>"
        );
        assert_eq!(
            MemberHeader::new("<p>plain</p>").fill("x@y.z", 3),
            "<p>plain</p>"
        );
    }
}
