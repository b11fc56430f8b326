//! The sections of the text pages: a heading and its paragraphs each,
//! keyed `{page}_s{n}_h` and `{page}_s{n}_p{m}` in `locales/<code>/content.json`.
use crate::i18n::Key;
use crate::routes::Page;

/// One heading and its paragraphs.
pub struct Section {
    pub heading: Key,
    pub paragraphs: &'static [Key],
}

const ABOUT: &[Section] = &[
    Section {
        heading: Key::AboutS1H,
        paragraphs: &[Key::AboutS1P1, Key::AboutS1P2],
    },
    Section {
        heading: Key::AboutS2H,
        paragraphs: &[Key::AboutS2P1, Key::AboutS2P2],
    },
    Section {
        heading: Key::AboutS3H,
        paragraphs: &[Key::AboutS3P1],
    },
];

const PRIVACY: &[Section] = &[
    Section {
        heading: Key::PrivacyS1H,
        paragraphs: &[Key::PrivacyS1P1],
    },
    Section {
        heading: Key::PrivacyS2H,
        paragraphs: &[
            Key::PrivacyS2P1,
            Key::PrivacyS2P2,
            Key::PrivacyS2P3,
            Key::PrivacyS2P4,
            Key::PrivacyS2P5,
        ],
    },
    Section {
        heading: Key::PrivacyS3H,
        paragraphs: &[Key::PrivacyS3P1],
    },
    Section {
        heading: Key::PrivacyS4H,
        paragraphs: &[Key::PrivacyS4P1],
    },
    Section {
        heading: Key::PrivacyS5H,
        paragraphs: &[Key::PrivacyS5P1],
    },
    Section {
        heading: Key::PrivacyS6H,
        paragraphs: &[Key::PrivacyS6P1],
    },
];

const TERMS: &[Section] = &[
    Section {
        heading: Key::TermsS1H,
        paragraphs: &[Key::TermsS1P1],
    },
    Section {
        heading: Key::TermsS2H,
        paragraphs: &[Key::TermsS2P1, Key::TermsS2P2],
    },
    Section {
        heading: Key::TermsS3H,
        paragraphs: &[Key::TermsS3P1, Key::TermsS3P2],
    },
    Section {
        heading: Key::TermsS4H,
        paragraphs: &[Key::TermsS4P1],
    },
    Section {
        heading: Key::TermsS5H,
        paragraphs: &[Key::TermsS5P1],
    },
];

const IP: &[Section] = &[
    Section {
        heading: Key::IpS1H,
        paragraphs: &[Key::IpS1P1],
    },
    Section {
        heading: Key::IpS2H,
        paragraphs: &[Key::IpS2P1],
    },
    Section {
        heading: Key::IpS3H,
        paragraphs: &[Key::IpS3P1],
    },
];

const COOKIES: &[Section] = &[
    Section {
        heading: Key::CookiesS1H,
        paragraphs: &[Key::CookiesS1P1],
    },
    Section {
        heading: Key::CookiesS2H,
        paragraphs: &[
            Key::CookiesS2P1,
            Key::CookiesS2P2,
            Key::CookiesS2P3,
            Key::CookiesS2P4,
            Key::CookiesS2P5,
            Key::CookiesS2P6,
            Key::CookiesS2P7,
            Key::CookiesS2P8,
            Key::CookiesS2P9,
        ],
    },
    Section {
        heading: Key::CookiesS3H,
        paragraphs: &[Key::CookiesS3P1, Key::CookiesS3P2],
    },
    Section {
        heading: Key::CookiesS4H,
        paragraphs: &[Key::CookiesS4P1],
    },
];

const CONTACT: &[Section] = &[Section {
    heading: Key::ContactS1H,
    paragraphs: &[Key::ContactS1P1],
}];

const FAQ: &[Section] = &[
    Section {
        heading: Key::FaqS1H,
        paragraphs: &[Key::FaqS1P1],
    },
    Section {
        heading: Key::FaqS2H,
        paragraphs: &[Key::FaqS2P1],
    },
    Section {
        heading: Key::FaqS3H,
        paragraphs: &[Key::FaqS3P1],
    },
    Section {
        heading: Key::FaqS4H,
        paragraphs: &[Key::FaqS4P1],
    },
    Section {
        heading: Key::FaqS5H,
        paragraphs: &[Key::FaqS5P1],
    },
    Section {
        heading: Key::FaqS6H,
        paragraphs: &[Key::FaqS6P1],
    },
    Section {
        heading: Key::FaqS7H,
        paragraphs: &[Key::FaqS7P1],
    },
    Section {
        heading: Key::FaqS8H,
        paragraphs: &[Key::FaqS8P1],
    },
];

const HELP: &[Section] = &[
    Section {
        heading: Key::HelpS1H,
        paragraphs: &[Key::HelpS1P1],
    },
    Section {
        heading: Key::HelpS2H,
        paragraphs: &[Key::HelpS2P1],
    },
    Section {
        heading: Key::HelpS3H,
        paragraphs: &[Key::HelpS3P1],
    },
    Section {
        heading: Key::HelpS4H,
        paragraphs: &[Key::HelpS4P1],
    },
];

const UNSUB: &[Section] = &[
    Section {
        heading: Key::UnsubS1H,
        paragraphs: &[Key::UnsubS1P1],
    },
    Section {
        heading: Key::UnsubS2H,
        paragraphs: &[Key::UnsubS2P1],
    },
];

/// The sections of `page` (empty for pages that are not text pages).
pub fn sections(page: Page) -> &'static [Section] {
    match page {
        Page::AboutUs => ABOUT,
        Page::PrivacyPolicy => PRIVACY,
        Page::TermOfUse => TERMS,
        Page::Intellectual => IP,
        Page::CookiePolicy => COOKIES,
        Page::ContactUs => CONTACT,
        Page::Faq => FAQ,
        Page::Help => HELP,
        Page::Unsubscribe => UNSUB,
        _ => &[],
    }
}
