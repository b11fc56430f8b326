//! The moment the widget replaces the plain form. A payer who started on the
//! plain form before the widget loaded keeps the method they chose, what
//! they typed and their place: the widget takes over all three.
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Document, Element, HtmlElement, HtmlInputElement};

/// The widget's element, and the id prefixes of the two forms' fields.
const WIDGET: &str = ".payment-form-host";
const PLAIN_PREFIX: &str = "pay-";
const WIDGET_PREFIX: &str = "pf-";

/// Hides the plain form `plain` after handing its state to the widget.
pub fn hand_over(document: Document, plain: Element) {
    let active = document
        .active_element()
        .filter(|el| plain.contains(Some(el)));
    choose_same_method(&document, &plain);
    let _ = plain.set_attribute("hidden", "");
    // React renders the chosen method's fields in a microtask; the values
    // and the focus move once they exist.
    wasm_bindgen_futures::spawn_local(async move {
        let _ = JsFuture::from(js_sys::Promise::resolve(&JsValue::NULL)).await;
        copy_typed_values(&document, &plain);
        if let Some(target) = active.and_then(|el| counterpart(&document, &el)) {
            let _ = target.focus();
        }
    });
}

fn choose_same_method(document: &Document, plain: &Element) {
    let checked = plain
        .query_selector("input[name=method]:checked")
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<HtmlInputElement>().ok());
    let Some(method) = checked.map(|radio| radio.value()) else {
        return;
    };
    let radio: Option<HtmlInputElement> =
        in_widget(document, &format!("input[name=method][value='{method}']"));
    if let Some(radio) = radio.filter(|radio| !radio.checked()) {
        radio.click();
    }
}

/// Every field changed on the plain form is typed into the widget's field of
/// the same name, the way a keyboard would (the widget hears an `input`).
fn copy_typed_values(document: &Document, plain: &Element) {
    let Ok(fields) = plain.query_selector_all(&format!("input[id^='{PLAIN_PREFIX}']")) else {
        return;
    };
    for index in 0..fields.length() {
        let Some(field) = fields
            .item(index)
            .and_then(|node| node.dyn_into::<HtmlInputElement>().ok())
        else {
            continue;
        };
        if field.value() == field.default_value() {
            continue;
        }
        let target = widget_id(&field.id())
            .and_then(|id| document.get_element_by_id(&id))
            .and_then(|el| el.dyn_into::<HtmlInputElement>().ok());
        if let Some(target) = target {
            type_into(&target, &field.value());
        }
    }
}

/// Sets the value through the prototype's setter, so the widget's own
/// tracking of the field sees a change, then announces it.
fn type_into(input: &HtmlInputElement, value: &str) {
    let prototype = js_sys::Object::get_prototype_of(input);
    let setter = js_sys::Reflect::get_own_property_descriptor(&prototype, &"value".into())
        .ok()
        .and_then(|descriptor| js_sys::Reflect::get(&descriptor, &"set".into()).ok())
        .and_then(|set| set.dyn_into::<js_sys::Function>().ok());
    let Some(setter) = setter else { return };
    let _ = setter.call1(input, &value.into());
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    if let Ok(event) = web_sys::Event::new_with_event_init_dict("input", &init) {
        let _ = input.dispatch_event(&event);
    }
}

/// The widget's field for the plain form's `el`: the same id after the
/// prefix, the chosen method for a method radio, else the widget's first field.
fn counterpart(document: &Document, el: &Element) -> Option<HtmlElement> {
    widget_id(&el.id())
        .and_then(|id| document.get_element_by_id(&id))
        .and_then(|found| found.dyn_into::<HtmlElement>().ok())
        .or_else(|| in_widget(document, "input[name=method]:checked"))
        .or_else(|| in_widget(document, "input, select"))
}

fn widget_id(plain_id: &str) -> Option<String> {
    plain_id
        .strip_prefix(PLAIN_PREFIX)
        .map(|rest| format!("{WIDGET_PREFIX}{rest}"))
}

fn in_widget<T: JsCast>(document: &Document, selector: &str) -> Option<T> {
    document
        .query_selector(&format!("{WIDGET} {selector}"))
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<T>().ok())
}
