//! A kept page cut where the stand-ins stood, and filled with one
//! response's nonce and anti-CSRF token.
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

    /// The page for one response: its nonce and its visitor's token put
    /// in, brotli-compressed when `brotli` (the browser takes it).
    pub fn respond(&self, nonce: &str, csrf: &str, brotli: bool) -> Response {
        let compressed = brotli.then(|| self.compressed(nonce, csrf)).flatten();
        let is_br = compressed.is_some();
        let body = compressed.unwrap_or_else(|| self.filled(nonce, csrf));
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

    fn compressed(&self, nonce: &str, csrf: &str) -> Option<Vec<u8>> {
        let (nonce, csrf) = (page_br::value(nonce), page_br::value(csrf));
        let values: Vec<&[u8]> = self
            .holes
            .iter()
            .map(|h| {
                if *h == Hole::Nonce {
                    &nonce[..]
                } else {
                    &csrf[..]
                }
            })
            .collect();
        self.br.join(&values)
    }

    fn filled(&self, nonce: &str, csrf: &str) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.len + self.holes.len() * 64);
        for (piece, hole) in self
            .pieces
            .iter()
            .zip(self.holes.iter().map(Some).chain([None]))
        {
            body.extend_from_slice(piece);
            match hole {
                Some(Hole::Nonce) => body.extend_from_slice(nonce.as_bytes()),
                Some(Hole::Csrf) => body.extend_from_slice(csrf.as_bytes()),
                None => {}
            }
        }
        body
    }

    /// How many places took the nonce and the token (tests check both occur).
    pub fn holes(&self) -> (usize, usize) {
        let nonces = self.holes.iter().filter(|h| **h == Hole::Nonce).count();
        (nonces, self.holes.len() - nonces)
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
        let response = page.respond("NONCE", "TOKEN", false);
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
