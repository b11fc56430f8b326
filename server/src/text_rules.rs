//! Text rules several features apply (anonymous voice messages, spam report
//! comments, owner notes): finding what a text must not carry: emoji, e-mail addresses,
//! links (with or without a scheme) and phone numbers — without mistaking
//! dates, times, amounts or years for a number to call.

/// Pictographs, symbols, flags, keycaps, joiners and variation selectors.
pub fn has_emoji(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(u32::from(c),
            0x1F000..=0x1FAFF // emoticons, pictographs, transport, flags, supplemental symbols
            | 0x2600..=0x27BF // miscellaneous symbols, dingbats
            | 0x2B00..=0x2BFF // arrows and stars (⭐)
            | 0x2300..=0x23FF // watch, hourglass, media keys
            | 0xFE00..=0xFE0F // variation selectors (emoji presentation)
            | 0x200D          // zero-width joiner of emoji sequences
            | 0x20E3          // keycap
            | 0xE0000..=0xE007F) // tags (subdivision flags)
    })
}

/// Top-level domains whose bare mention (`bit.ly/x`, `example.com`) makes a link.
const TLDS: [&str; 48] = [
    "com", "net", "org", "info", "biz", "io", "ly", "me", "co", "id", "my", "sg", "vn", "th", "in",
    "cn", "hk", "tw", "br", "es", "fr", "de", "uk", "us", "ru", "xyz", "app", "link", "site",
    "online", "top", "shop", "store", "click", "live", "to", "gl", "gg", "cc", "tv", "ws", "tk",
    "ml", "ga", "cf", "su", "pw", "vip",
];

fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                ',' | ';' | '(' | ')' | '"' | '\'' | '<' | '>' | '，' | '。'
            )
    })
    .map(|t| t.trim_matches(|c: char| matches!(c, '.' | '!' | '?' | ':' | '…')))
    .filter(|t| !t.is_empty())
}

/// `name@domain.tld`.
pub fn has_email(text: &str) -> bool {
    tokens(text).any(|t| {
        t.split_once('@').is_some_and(|(user, domain)| {
            !user.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && domain.chars().any(char::is_alphabetic)
        })
    })
}

/// A scheme, `www.`, or a bare `name.tld` (optionally with a path).
pub fn has_link(text: &str) -> bool {
    let lower = text.to_lowercase();
    if ["http://", "https://", "www.", "hxxp", "://"]
        .iter()
        .any(|p| lower.contains(p))
    {
        return true;
    }
    let found = tokens(&lower).any(|t| {
        let host = t.split(['/', '?', '#']).next().unwrap_or_default();
        let mut labels = host.rsplit('.');
        let (Some(tld), Some(name)) = (labels.next(), labels.next()) else {
            return false;
        };
        let tld_ok = TLDS.contains(&tld);
        let name_ok =
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        tld_ok && name_ok && !name.chars().all(|c| c.is_ascii_digit())
    });
    found
}

/// A run of seven or more digits joined only by spaces, dashes, dots,
/// slashes or parentheses (optionally after `+`), unless it reads as a
/// date or an amount with thousands separators.
pub fn has_phone_number(text: &str) -> bool {
    digit_runs(text).iter().any(|run| {
        let digits = run.chars().filter(char::is_ascii_digit).count();
        digits >= 7 && !is_date(run) && !is_grouped_amount(run)
    })
}

fn digit_runs(text: &str) -> Vec<String> {
    let (mut runs, mut current) = (Vec::new(), String::new());
    let chars: Vec<char> = text.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        let joins = matches!(c, ' ' | '-' | '.' | '/' | '(' | ')' | '+')
            && !current.is_empty()
            && chars
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_digit() || matches!(n, ' ' | '(' | '-'));
        if c.is_ascii_digit()
            || joins
            || (*c == '+' && current.is_empty())
            || (*c == '(' && current.is_empty())
        {
            current.push(*c);
        } else if !current.is_empty() {
            runs.push(std::mem::take(&mut current));
        }
    }
    runs.push(current);
    runs.into_iter()
        .map(|r| r.trim().to_owned())
        .filter(|r| r.chars().any(|c| c.is_ascii_digit()))
        .collect()
}

fn groups(run: &str, separator: char) -> Vec<&str> {
    run.split(separator).collect()
}

/// `23/11/2026`, `23-11-2026`, `2026-11-23`, `23.11.2026`.
fn is_date(run: &str) -> bool {
    ['/', '-', '.'].iter().any(|sep| {
        let g = groups(run, *sep);
        let all_digits = g.len() == 3
            && g.iter()
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
        all_digits
            && matches!(
                (g[0].len(), g[1].len(), g[2].len()),
                (1..=2, 1..=2, 4) | (4, 1..=2, 1..=2) | (1..=2, 1..=2, 2)
            )
    })
}

/// `50.000`, `1,299.50`, `12.500.000`: groups of three after the first.
fn is_grouped_amount(run: &str) -> bool {
    let run = run.trim();
    [('.', ','), (',', '.')].iter().any(|(thousands, decimal)| {
        let integer = run.split(*decimal).next().unwrap_or_default();
        let g = groups(integer, *thousands);
        g.len() >= 2
            && (1..=3).contains(&g[0].len())
            && g[1..].iter().all(|p| p.len() == 3)
            && g.iter().all(|p| p.chars().all(|c| c.is_ascii_digit()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_to_call_are_found_in_any_dress() {
        for text in [
            "Call +62 812 3456 7890",
            "hubungi 081234567890",
            "(021) 555-0123 now",
            "tel 0812.3456.789",
            "+1 (415) 555-0100",
        ] {
            assert!(has_phone_number(text), "{text}");
        }
    }

    #[test]
    fn dates_amounts_times_and_years_are_not_numbers_to_call() {
        for text in [
            "on 23/11/2026",
            "2026-11-23",
            "Rp 50.000",
            "Rp 12.500.000",
            "$1,299.50",
            "at 15:30",
            "in 2026",
            "room 12, floor 3",
            "23.11.2026",
        ] {
            assert!(!has_phone_number(text), "{text}");
        }
    }

    #[test]
    fn links_with_and_without_a_scheme() {
        for text in [
            "see https://x.test",
            "www.example.com",
            "go to bit.ly/abc",
            "example.com/pay",
            "EXAMPLE.COM",
            "hxxp://evil",
        ] {
            assert!(has_link(text), "{text}");
        }
        for text in [
            "See you at 3.30",
            "Mr. Smith",
            "It costs 5.000",
            "Jl. Sudirman no. 5",
            "the end.Then",
        ] {
            assert!(!has_link(text), "{text}");
        }
    }

    #[test]
    fn emails_and_emoji() {
        assert!(has_email("mail me: a.b@c.co"));
        assert!(!has_email("meet @ 5"));
        assert!(has_emoji("hi 👋") && has_emoji("🇮🇩") && has_emoji("❤️") && has_emoji("⭐"));
        assert!(!has_emoji(
            "生日快乐 — “quoted” ‘text’ ¡hola! ไทย हिन्दी Tiếng Việt"
        ));
    }
}
