//! The home page below the search: the three features, how locating works
//! (Enter → Detect → Receive), illustrative stories (labelled as such), the
//! first questions of the FAQ and a closing call to action. Server-rendered
//! only: nothing here needs the browser.
use super::home_art::ConsentFlowArt;
use crate::components::{FaqData, PerLanguage};
use crate::i18n::{t, use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;

const FEATURES: [(Key, Key, Page); 3] = [
    (
        Key::HomeFeatureLocateH,
        Key::HomeFeatureLocateP,
        Page::PhoneLocate,
    ),
    (
        Key::HomeFeatureVoiceH,
        Key::HomeFeatureVoiceP,
        Page::VoiceSms,
    ),
    (
        Key::HomeFeatureLookupH,
        Key::HomeFeatureLookupP,
        Page::Telecom,
    ),
];
const STEPS: [(Key, Key); 3] = [
    (Key::HomeStepEnterH, Key::HomeStepEnterP),
    (Key::HomeStepDetectH, Key::HomeStepDetectP),
    (Key::HomeStepReceiveH, Key::HomeStepReceiveP),
];
const STORIES: [Key; 3] = [Key::HomeStory1, Key::HomeStory2, Key::HomeStory3];
const QUESTIONS: [(Key, Key); 4] = [
    (Key::FaqS1H, Key::FaqS1P1),
    (Key::FaqS2H, Key::FaqS2P1),
    (Key::FaqS3H, Key::FaqS3P1),
    (Key::FaqS4H, Key::FaqS4P1),
];

/// Everything under the banner: the same for every visitor of a language.
#[component]
pub fn HomeSections() -> impl IntoView {
    static KEPT: PerLanguage = PerLanguage::new();
    KEPT.fragment(|| view! { <Sections/> })
}

/// The sections as rendered.
#[component]
fn Sections() -> impl IntoView {
    let locale = use_i18n().locale();
    view! {
        <section class="home-features" aria-labelledby="home-features-heading">
            <h2 id="home-features-heading">{t(locale, Key::HomeFeaturesHeading)}</h2>
            <ul class="feature-cards">
                {FEATURES.iter().map(|(h, p, page)| view! {
                    <li class="feature-card">
                        <h3><a href=href(locale, *page)>{t(locale, *h)}</a></h3>
                        <p>{t(locale, *p)}</p>
                    </li>
                }).collect_view()}
            </ul>
        </section>
        <section class="home-steps" aria-labelledby="home-steps-heading">
            <h2 id="home-steps-heading">{t(locale, Key::HomeStepsHeading)}</h2>
            <ConsentFlowArt/>
            <ol class="timeline">
                {STEPS.iter().map(|(h, p)| view! { <li><h3>{t(locale, *h)}</h3><p>{t(locale, *p)}</p></li> }).collect_view()}
            </ol>
        </section>
        <section class="home-stories" aria-labelledby="home-stories-heading">
            <h2 id="home-stories-heading">{t(locale, Key::HomeStoriesHeading)}</h2>
            <p class="field-hint" id="home-stories-note">{t(locale, Key::HomeStoriesNote)}</p>
            <ul class="stories">
                {STORIES.iter().map(|s| view! { <li><blockquote>{t(locale, *s)}</blockquote></li> }).collect_view()}
            </ul>
        </section>
        <section class="home-faq" aria-labelledby="home-faq-heading">
            <h2 id="home-faq-heading">{t(locale, Key::HomeFaqHeading)}</h2>
            {QUESTIONS.iter().map(|(q, a)| view! { <details><summary>{t(locale, *q)}</summary><p>{t(locale, *a)}</p></details> }).collect_view()}
            <p><a href=href(locale, Page::Faq)>{t(locale, Key::ContactFaqLink)}</a></p>
            <FaqData questions=QUESTIONS.iter().map(|(q, a)| (t(locale, *q).to_owned(), t(locale, *a).to_owned())).collect()/>
        </section>
        <section class="home-cta">
            <h2>{t(locale, Key::HomeCtaHeading)}</h2>
            <p>{t(locale, Key::HomeCtaP)}</p>
            <a class="btn-primary" href=href(locale, Page::PayMethod) id="home-cta">{t(locale, Key::HomeCtaButton)}</a>
        </section>
    }
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;
    use crate::i18n::{provide_i18n, Locale};

    fn rendered(locale: Locale, kept: bool) -> String {
        Owner::new().with(|| {
            provide_i18n(Signal::stored(locale));
            if kept {
                view! { <HomeSections/> }.to_html()
            } else {
                view! { <Sections/> }.to_html()
            }
        })
    }

    #[test]
    fn each_language_is_served_its_own_sections_as_rendered_afresh() {
        // Twice: the first render keeps, the second copies.
        for _ in 0..2 {
            for locale in Locale::ALL {
                assert_eq!(rendered(locale, true), rendered(locale, false));
            }
        }
        let (en, id) = (rendered(Locale::En, true), rendered(Locale::Id, true));
        assert_ne!(en, id);
        assert!(en.contains("FAQPage") && en.contains("home-faq-heading"));
    }
}
