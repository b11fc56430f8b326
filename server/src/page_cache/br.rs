//! Brotli for shared pages without compressing every response. Compressing
//! a home page on the fly cost more than serving it; browsers all ask for
//! brotli. So each piece of a kept rendering is compressed once, as a
//! brotli stream made to be joined to others ("catable"), and a response
//! joins those with its own nonce and token, each compressed on its own (a
//! few dozen bytes). Joining copies bytes; it compresses nothing.
use brotli::concat::{BroCatli, BroCatliResult};
use brotli::enc::BrotliEncoderParams;

/// Quality of the kept pieces: paid once per rendering, read by thousands.
const PIECE_QUALITY: i32 = 9;
/// Quality of the per-response values: random text, nothing to find.
const VALUE_QUALITY: i32 = 0;
/// Window of the kept pieces (4 MiB, brotli's default); the values'
/// streams use the smallest, and a joined stream may not exceed the first.
const PIECE_WINDOW: i32 = 22;
const VALUE_WINDOW: i32 = 10;

/// The kept pieces of one page, compressed.
#[derive(Debug)]
pub struct BrPieces(Vec<Vec<u8>>);

impl BrPieces {
    /// Compresses `pieces`, the text between the holes of a rendering.
    pub fn of(pieces: &[impl AsRef<[u8]>]) -> BrPieces {
        let streams = pieces
            .iter()
            .enumerate()
            .map(|(i, p)| stream(p.as_ref(), i == 0, PIECE_QUALITY, PIECE_WINDOW));
        BrPieces(streams.collect())
    }

    /// The whole page compressed: piece, value of the hole, piece, …;
    /// `values[i]` fills the hole after piece `i`. `None` if joining failed.
    pub fn join(&self, values: &[&[u8]]) -> Option<Vec<u8>> {
        let total: usize = self.0.iter().map(Vec::len).sum::<usize>()
            + values.iter().map(|v| v.len() + 16).sum::<usize>();
        let mut out = vec![0_u8; total + 64];
        let (mut cat, mut at) = (BroCatli::new(), 0);
        for (i, piece) in self.0.iter().enumerate() {
            append(&mut cat, piece, &mut out, &mut at)?;
            if let Some(value) = values.get(i) {
                append(&mut cat, value, &mut out, &mut at)?;
            }
        }
        loop {
            match cat.finish(&mut out, &mut at) {
                BroCatliResult::Success => break,
                BroCatliResult::NeedsMoreOutput => out.resize(out.len() * 2, 0),
                _ => return None,
            }
        }
        out.truncate(at);
        Some(out)
    }
}

/// One response's value (its nonce, its token) as a stream to join.
pub fn value(text: &str) -> Vec<u8> {
    stream(text.as_bytes(), false, VALUE_QUALITY, VALUE_WINDOW)
}

/// Whether the request's `Accept-Encoding` takes brotli.
pub fn accepted(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get_all(axum::http::header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|list| {
            list.split(',').any(|item| {
                let mut parts = item.split(';').map(str::trim);
                parts
                    .next()
                    .is_some_and(|coding| coding.eq_ignore_ascii_case("br"))
                    && parts.all(|p| {
                        !matches!(
                            p.replace(' ', "").as_str(),
                            "q=0" | "q=0.0" | "q=0.00" | "q=0.000"
                        )
                    })
            })
        })
}

fn stream(data: &[u8], first: bool, quality: i32, lgwin: i32) -> Vec<u8> {
    let params = BrotliEncoderParams {
        quality,
        lgwin,
        size_hint: data.len(),
        appendable: first,
        catable: !first,
        ..BrotliEncoderParams::default()
    };
    let mut out = Vec::with_capacity(data.len() / 3 + 16);
    // Reading a slice and writing a Vec cannot fail.
    let _ = brotli::BrotliCompress(&mut &data[..], &mut out, &params);
    out
}

fn append(cat: &mut BroCatli, stream: &[u8], out: &mut Vec<u8>, at: &mut usize) -> Option<()> {
    cat.new_brotli_file();
    let mut read = 0;
    loop {
        match cat.stream(stream, &mut read, out, at) {
            BroCatliResult::NeedsMoreInput => return Some(()),
            BroCatliResult::NeedsMoreOutput => out.resize(out.len() * 2, 0),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inflate(data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        brotli::BrotliDecompress(&mut &data[..], &mut out).expect("a valid brotli stream");
        out
    }

    #[test]
    fn joined_streams_decompress_to_the_filled_page() {
        let page = "<!DOCTYPE html><html><head><script nonce=\"".repeat(3);
        let pieces = [
            page.as_str(),
            "\"></script></head><body><form><input value=\"",
            "\"></form>",
            "",
        ];
        let compressed = BrPieces::of(&pieces);
        let (nonce, token) = (value("AbCdEf0123456789_-xyzQ"), value(&"7f".repeat(32)));
        let joined = compressed.join(&[&nonce, &token, &nonce]).expect("joins");
        let expected = format!(
            "{}AbCdEf0123456789_-xyzQ{}{}{}AbCdEf0123456789_-xyzQ",
            pieces[0],
            pieces[1],
            "7f".repeat(32),
            pieces[2]
        );
        assert_eq!(String::from_utf8(inflate(&joined)).unwrap(), expected);
        assert_eq!(
            inflate(&BrPieces::of(&["only"]).join(&[]).unwrap()),
            b"only"
        );
    }

    #[test]
    fn brotli_is_taken_unless_refused() {
        let with = |value: &str| {
            let mut headers = axum::http::HeaderMap::new();
            headers.insert(axum::http::header::ACCEPT_ENCODING, value.parse().unwrap());
            accepted(&headers)
        };
        assert!(with("gzip, deflate, br, zstd"));
        assert!(with("BR;q=0.5"));
        assert!(!with("gzip, deflate"));
        assert!(!with("br;q=0, gzip"));
        assert!(!with("brotli"));
        assert!(!accepted(&axum::http::HeaderMap::new()));
    }
}
