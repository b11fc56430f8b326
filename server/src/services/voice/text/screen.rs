//! The screen for threats and slurs. One list per language in
//! `screen/<code>.txt` (one phrase per line, `#` comments), plus
//! `screen/common.txt` checked for every language (the unambiguous worst).
//!
//! Matching is on normalized text, so spelling games do not pass: case
//! folded, Latin accents dropped, look-alike digits and signs read as
//! letters (`k1ll` → `kill`, `$` → `s`, `@` → `a`), letters repeated for
//! emphasis collapsed (`kiiill` → `kil`, the phrases are collapsed the same
//! way), and separators inside a word removed (`k.i.l.l`). Phrases match
//! whole words only, so innocent words that contain one pass (the
//! "Scunthorpe problem": `class`, `Sussex`, `scunthorpe`); a language's list
//! holds only words that are abusive in that language (`retard` is English
//! abuse but French for "late"). Chinese and Thai are written without
//! spaces: their phrases match anywhere.
//!
//! Known limits: a list cannot know every insult, nor context (quoting,
//! irony); it stops the obvious, and the called person can press 8 to report
//! anything else. To extend, add a line to the language's file; tests check
//! that every entry is caught and that the greetings stay allowed.
use std::collections::HashMap;
use std::sync::OnceLock;

const LISTS: [(&str, &str); 12] = [
    ("common", include_str!("screen/common.txt")),
    ("en", include_str!("screen/en.txt")),
    ("id", include_str!("screen/id.txt")),
    ("zh", include_str!("screen/zh.txt")),
    ("ms", include_str!("screen/ms.txt")),
    ("vi", include_str!("screen/vi.txt")),
    ("th", include_str!("screen/th.txt")),
    ("hi", include_str!("screen/hi.txt")),
    ("es", include_str!("screen/es.txt")),
    ("pt", include_str!("screen/pt.txt")),
    ("fr", include_str!("screen/fr.txt")),
    ("de", include_str!("screen/de.txt")),
];

/// Languages written without spaces between words.
const UNSPACED: [&str; 2] = ["zh", "th"];

fn lists() -> &'static HashMap<&'static str, Vec<String>> {
    static LISTS_NORMALIZED: OnceLock<HashMap<&'static str, Vec<String>>> = OnceLock::new();
    LISTS_NORMALIZED.get_or_init(|| {
        LISTS
            .iter()
            .map(|(code, text)| {
                let phrases = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(normalize)
                    .collect();
                (*code, phrases)
            })
            .collect()
    })
}

fn fold_char(c: char) -> char {
    match c {
        '0' => 'o',
        '1' => 'i',
        '3' => 'e',
        '4' | '@' => 'a',
        '5' | '$' => 's',
        '7' => 't',
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ạ' | 'ả' | 'ă' | 'ắ' | 'ằ' | 'ẳ' | 'ẵ' | 'ặ' | 'ấ'
        | 'ầ' | 'ẩ' | 'ẫ' | 'ậ' => 'a',
        'è' | 'é' | 'ê' | 'ë' | 'ẹ' | 'ẻ' | 'ẽ' | 'ế' | 'ề' | 'ể' | 'ễ' | 'ệ' => {
            'e'
        }
        'ì' | 'í' | 'î' | 'ï' | 'ị' | 'ỉ' | 'ĩ' => 'i',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ọ' | 'ỏ' | 'ơ' | 'ố' | 'ồ' | 'ổ' | 'ỗ' | 'ộ' | 'ớ' | 'ờ'
        | 'ở' | 'ỡ' | 'ợ' => 'o',
        'ù' | 'ú' | 'û' | 'ü' | 'ụ' | 'ủ' | 'ũ' | 'ư' | 'ứ' | 'ừ' | 'ử' | 'ữ' | 'ự' => {
            'u'
        }
        'ç' => 'c',
        'ñ' => 'n',
        'ß' => 's',
        'đ' => 'd',
        'ý' | 'ỳ' | 'ỵ' | 'ỷ' | 'ỹ' => 'y',
        other => other,
    }
}

/// Letters, digits, and the combining signs of scripts whose vowels are
/// marks (Devanagari, Thai, combining accents): a word is not split at them.
fn is_letter(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(u32::from(c), 0x0300..=0x036F | 0x0900..=0x097F | 0x0E00..=0x0E7F)
}

/// Words of `text`, normalized, joined by single spaces.
pub fn normalize(text: &str) -> String {
    let lower = text.to_lowercase();
    let chars: Vec<char> = lower.chars().collect();
    let mut out = String::with_capacity(lower.len());
    for (i, c) in chars.iter().enumerate() {
        let folded = fold_char(*c);
        // A separator between two single letters (`k.i.l.l`, `k-i-l-l`) belongs to the word.
        let inner_separator = matches!(c, '.' | '-' | '_' | '*')
            && i > 0
            && chars.get(i + 1).is_some_and(|n| is_letter(fold_char(*n)))
            && is_letter(fold_char(chars[i - 1]));
        if inner_separator {
            continue;
        }
        let letter = is_letter(folded) || matches!(c, '\'' | '’');
        let next = if letter { folded } else { ' ' };
        if next == '\'' || next == '’' {
            continue;
        }
        // Emphasis: a letter repeated is one letter.
        if next != ' ' && out.ends_with(next) {
            continue;
        }
        if next == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(next);
    }
    out.trim_end().to_owned()
}

/// Whether `text` in `language` holds a listed threat or slur.
pub fn is_abusive(language: &str, text: &str) -> bool {
    let normalized = normalize(text);
    let spaced = format!(" {normalized} ");
    let unspaced = UNSPACED.contains(&language);
    ["common", language]
        .iter()
        .filter_map(|code| lists().get(code))
        .flatten()
        .any(|phrase| {
            if unspaced && !phrase.is_ascii() {
                normalized.contains(phrase.as_str())
            } else {
                spaced.contains(&format!(" {phrase} "))
            }
        })
}

#[cfg(test)]
#[path = "screen_tests.rs"]
mod tests;
