//! Rewrites what espeak-ng reads badly, per language: currency amounts
//! (`Rp 50.000` → "50000 rupiah"), thousands separators (espeak reads
//! `50.000` as "fifty point zero zero zero"), dates (`23/11/2026` → "23
//! November 2026"), and common abbreviations (`Jl.` → "Jalan"). Plain
//! numbers are left to espeak-ng, which reads them in each language.

use words::{abbreviations, currency_word, month, SIGNS};

mod words;

/// Languages that group thousands with `.` (and use `,` for decimals).
const DOT_GROUPING: [&str; 6] = ["id", "de", "es", "pt", "vi", "fr"];

/// What espeak-ng should read for `text` in `language`.
pub fn spoken(language: &str, text: &str) -> String {
    let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        // A sign alone before its amount (`Rp 50.000`) or glued to it (`Rp50.000`, `$5`).
        if let Some(sign) = SIGNS.iter().find(|s| word.starts_with(**s)) {
            let rest = &word[sign.len()..];
            let (amount, used) = if rest.is_empty() {
                (words.get(i + 1).cloned().unwrap_or_default(), 2)
            } else {
                (rest.to_owned(), 1)
            };
            if let (Some(name), true) = (
                currency_word(language, sign),
                amount.starts_with(|c: char| c.is_ascii_digit()),
            ) {
                let (number, tail) = split_number(&amount);
                out.push(format!("{} {name}{tail}", plain_number(language, number)));
                i += used;
                continue;
            }
        }
        out.push(rewrite_word(language, word));
        i += 1;
    }
    out.join(" ")
}

/// The number at the start of `word` and what follows it (punctuation).
fn split_number(word: &str) -> (&str, &str) {
    let end = word
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(word.len());
    let number = word[..end].trim_end_matches(['.', ',']);
    (number, &word[number.len()..])
}

/// `50.000` → `50000`, `1,299.50` → `1299.50` (decimal comma kept as the language writes it).
fn plain_number(language: &str, number: &str) -> String {
    let (thousands, decimal) = if DOT_GROUPING.contains(&language) {
        ('.', ',')
    } else {
        (',', '.')
    };
    let (integer, fraction) = number
        .split_once(decimal)
        .map_or((number, None), |(a, b)| (a, Some(b)));
    let groups: Vec<&str> = integer.split(thousands).collect();
    let grouped = groups.len() > 1
        && (1..=3).contains(&groups[0].len())
        && groups[1..].iter().all(|g| g.len() == 3);
    let integer = if grouped {
        groups.concat()
    } else {
        integer.to_owned()
    };
    match fraction {
        Some(f) if !f.is_empty() => format!("{integer}{decimal}{f}"),
        _ => integer,
    }
}

fn rewrite_word(language: &str, word: &str) -> String {
    if let Some((_, spoken)) = abbreviations(language)
        .iter()
        .find(|(written, _)| word.eq_ignore_ascii_case(written))
    {
        return (*spoken).to_owned();
    }
    let (core, tail) = split_number(word);
    if !core.is_empty()
        && core.len() + tail.len() == word.len()
        && tail.chars().all(|c| c.is_ascii_punctuation())
    {
        return format!("{}{tail}", plain_number(language, core));
    }
    date(language, word).unwrap_or_else(|| word.to_owned())
}

/// `23/11/2026` or `2026-11-23` as words, in the language's order.
fn date(language: &str, word: &str) -> Option<String> {
    let trimmed = word.trim_end_matches(|c: char| c.is_ascii_punctuation());
    let tail = &word[trimmed.len()..];
    let parts: Vec<&str> = trimmed.split(['/', '-']).collect();
    let numbers: Vec<usize> = parts
        .iter()
        .map(|p| p.parse().ok())
        .collect::<Option<Vec<_>>>()?;
    let (day, month_n, year) = match (parts.len(), parts.first().map(|p| p.len())) {
        (3, Some(4)) => (numbers[2], numbers[1], numbers[0]),
        (3, _) if parts[2].len() == 4 => (numbers[0], numbers[1], numbers[2]),
        _ => return None,
    };
    if !(1..=31).contains(&day) || !(1..=12).contains(&month_n) {
        return None;
    }
    let spoken = match language {
        "zh" => format!("{year}年{month_n}月{day}日"),
        "en" => format!("{} {day}, {year}", month(language, month_n)?),
        "de" => format!("{day}. {} {year}", month(language, month_n)?),
        "es" | "pt" => format!("{day} de {} de {year}", month(language, month_n)?),
        other => match month(other, month_n) {
            Some(name) => format!("{day} {name} {year}"),
            None => format!("{day} {month_n} {year}"),
        },
    };
    Some(format!("{spoken}{tail}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_as_money() {
        assert_eq!(
            spoken("id", "Jangan lupa Rp 50.000 ya."),
            "Jangan lupa 50000 rupiah ya."
        );
        assert_eq!(spoken("id", "Rp12.500.000,50!"), "12500000,50 rupiah!");
        assert_eq!(
            spoken("en", "I owe you $1,299.50."),
            "I owe you 1299.50 dollars."
        );
        assert_eq!(spoken("zh", "一共¥88"), "一共¥88");
        assert_eq!(spoken("zh", "¥ 88"), "88 元");
        assert_eq!(spoken("ms", "RM 20"), "20 ringgit");
    }

    #[test]
    fn grouped_numbers_lose_their_separators() {
        assert_eq!(spoken("id", "ada 50.000 orang"), "ada 50000 orang");
        assert_eq!(spoken("en", "about 12,000 people"), "about 12000 people");
        assert_eq!(spoken("en", "version 3.5"), "version 3.5");
    }

    #[test]
    fn dates_become_words_in_the_language_order() {
        assert_eq!(
            spoken("en", "See you 23/11/2026."),
            "See you November 23, 2026."
        );
        assert_eq!(spoken("id", "Sampai 23/11/2026"), "Sampai 23 November 2026");
        assert_eq!(spoken("zh", "2026-11-23见"), "2026-11-23见");
        assert_eq!(spoken("zh", "见 2026-11-23"), "见 2026年11月23日");
        assert_eq!(spoken("de", "am 1/5/2026"), "am 1. Mai 2026");
        assert_eq!(spoken("en", "at 15:30"), "at 15:30");
        assert_eq!(spoken("en", "32/13/2026"), "32/13/2026");
    }

    #[test]
    fn abbreviations_are_spelled_out() {
        assert_eq!(
            spoken("id", "Di Jl. Sudirman, yg dekat"),
            "Di Jalan Sudirman, yang dekat"
        );
        assert_eq!(spoken("en", "Dr. Smith"), "Doctor Smith");
        assert_eq!(spoken("de", "z.B. heute"), "zum Beispiel heute");
    }
}
