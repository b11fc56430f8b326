//! A kept page cut where the stand-ins stood, and filled with one
//! response's nonce, anti-CSRF token, fresh idempotency key and campaign.
use super::br::{self as page_br, BrPieces};
use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;

/// A page rendered with the stand-ins, cut where they stood.
#[derive(Debug)]
pub struct Rendered {
    pub(super) status: StatusCode,
    headers: HeaderMap,
    /// Text between the stand-ins; one more than `holes`.
    pieces: Vec<Bytes>,
    holes: Vec<Hole>,
    len: usize,
    /// The pieces compressed, for visitors whose browser takes brotli.
    br: BrPieces,
}

/// What a stand-in stood for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Hole {
    Nonce,
    Csrf,
    /// A form's idempotency key: a fresh one per response.
    Key,
    /// The campaign parameters internal links carry on.
    Campaign,
}

/// One response's own values for the holes of a kept page.
#[derive(Clone, Copy, Debug)]
pub struct Fill<'a> {
    pub nonce: &'a str,
    pub csrf: &'a str,
    /// The address's campaign pairs as links carry them (`k=v&amp;…`,
    /// percent-encoded); empty for a page kept without a campaign.
    pub campaign: &'a str,
}

impl Rendered {
    /// Cuts `html` where each of `stand_ins` stood.
    pub(super) fn cut(
        status: StatusCode,
        headers: HeaderMap,
        html: &Bytes,
        stand_ins: &[(&[u8], Hole)],
    ) -> Rendered {
        let (mut pieces, mut holes, mut from) = (Vec::new(), Vec::new(), 0);
        let text = &html[..];
        while let Some((at, stand_in, hole)) = stand_ins
            .iter()
            .filter_map(|(s, hole)| find(&text[from..], s).map(|at| (from + at, s.len(), *hole)))
            .min_by_key(|(at, ..)| *at)
        {
            pieces.push(html.slice(from..at));
            holes.push(hole);
            from = at + stand_in;
        }
        pieces.push(html.slice(from..));
        let br = BrPieces::of(&pieces);
        Rendered {
            status,
            headers,
            pieces,
            holes,
            len: html.len(),
            br,
        }
    }

    /// The page for one response: its nonce, its visitor's token, its
    /// campaign and a fresh idempotency key put in, brotli-compressed when
    /// `brotli` (the browser takes it).
    pub fn respond(&self, fill: Fill<'_>, brotli: bool) -> Response {
        let key = if self.holes.contains(&Hole::Key) {
            crate::tokens::new_token()[..32].to_owned()
        } else {
            String::new()
        };
        let value = |hole: &Hole| match hole {
            Hole::Nonce => fill.nonce,
            Hole::Csrf => fill.csrf,
            Hole::Key => key.as_str(),
            Hole::Campaign => fill.campaign,
        };
        let compressed = brotli.then(|| self.compressed(value)).flatten();
        let is_br = compressed.is_some();
        let body = compressed.unwrap_or_else(|| self.filled(value));
        let mut response = Response::new(Body::from(body));
        *response.status_mut() = self.status;
        *response.headers_mut() = self.headers.clone();
        let headers = response.headers_mut();
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if is_br {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
        }
        response
    }

    fn compressed<'a>(&self, value: impl Fn(&Hole) -> &'a str) -> Option<Vec<u8>> {
        // Each value compressed once, however many holes it fills.
        let streams = [Hole::Nonce, Hole::Csrf, Hole::Key, Hole::Campaign].map(|kind| {
            self.holes
                .contains(&kind)
                .then(|| page_br::value(value(&kind)))
        });
        let values: Vec<&[u8]> = self
            .holes
            .iter()
            .map(|h| streams[*h as usize].as_deref().unwrap_or_default())
            .collect();
        self.br.join(&values)
    }

    fn filled<'a>(&self, value: impl Fn(&Hole) -> &'a str) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.len + self.holes.len() * 64);
        for (piece, hole) in self
            .pieces
            .iter()
            .zip(self.holes.iter().map(Some).chain([None]))
        {
            body.extend_from_slice(piece);
            if let Some(hole) = hole {
                body.extend_from_slice(value(hole).as_bytes());
            }
        }
        body
    }

    /// How many places took the nonce and the token (tests check both occur).
    pub fn holes(&self) -> (usize, usize) {
        let count = |kind: Hole| self.holes.iter().filter(|h| **h == kind).count();
        (count(Hole::Nonce), count(Hole::Csrf))
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::super::PageCache;
    use super::*;

    #[test]
    fn every_stand_in_is_replaced_and_nothing_else() {
        let cache = PageCache::default();
        let (n, c) = (cache.nonce_stand_in.clone(), cache.csrf_stand_in.clone());
        let html = Bytes::from(format!(
            "<script nonce=\"{n}\"></script><input value=\"{c}\">{c}<p>{n}</p>end"
        ));
        let page = cache.cut(StatusCode::OK, HeaderMap::new(), &html);
        assert_eq!(page.holes(), (2, 2));
        let fill = Fill {
            nonce: "NONCE",
            csrf: "TOKEN",
            campaign: "",
        };
        let response = page.respond(fill, false);
        let body =
            futures::executor::block_on(http_body_util::BodyExt::collect(response.into_body()))
                .unwrap()
                .to_bytes();
        assert_eq!(
            &body[..],
            b"<script nonce=\"NONCE\"></script><input value=\"TOKEN\">TOKEN<p>NONCE</p>end"
        );
    }
}
