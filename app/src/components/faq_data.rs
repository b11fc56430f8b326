//! FAQ structured data (schema.org `FAQPage` as JSON-LD), so search engines
//! can show the questions with their answers. A JSON-LD block is data, not a
//! script: the Content-Security-Policy does not apply to it.
use leptos::prelude::*;

/// The questions and answers exactly as the page shows them.
#[component]
pub fn FaqData(questions: Vec<(String, String)>) -> impl IntoView {
    view! { <script type="application/ld+json" inner_html=faq_json_ld(&questions)></script> }
}

/// The `FAQPage` document, safe to inline (no `<` that could end the element).
pub fn faq_json_ld(questions: &[(String, String)]) -> String {
    let entities: Vec<serde_json::Value> = questions
        .iter()
        .map(|(question, answer)| {
            serde_json::json!({
                "@type": "Question",
                "name": question,
                "acceptedAnswer": { "@type": "Answer", "text": answer },
            })
        })
        .collect();
    let page = serde_json::json!({ "@context": "https://schema.org", "@type": "FAQPage", "mainEntity": entities });
    page.to_string().replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_ld_lists_each_question_with_its_answer_and_cannot_close_the_element() {
        let json = faq_json_ld(&[("Is it </script>?".into(), "No & yes".into())]);
        assert!(!json.contains("</script"));
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back["@type"], "FAQPage");
        assert_eq!(back["mainEntity"][0]["name"], "Is it </script>?");
        assert_eq!(back["mainEntity"][0]["acceptedAnswer"]["text"], "No & yes");
    }
}
