use super::*;
use crate::model::locate::{LocateAction, RevealDecision};
use crate::model::GeoPoint;

#[test]
fn prices_are_asked_for_the_payer_never_for_the_language() {
    assert_eq!(
        price_setup_path(None),
        "/portal/priceSetup?hasWeight=true&channel=cpl2"
    );
    assert_eq!(
        price_setup_path(Some("id")),
        "/portal/priceSetup?hasWeight=true&channel=cpl2&country=ID"
    );
    // A picker value that is no region (`+882`) leaves it to the server.
    assert_eq!(
        price_setup_path(Some("+882")),
        "/portal/priceSetup?hasWeight=true&channel=cpl2"
    );
}

#[test]
fn path_values_are_percent_encoded() {
    assert_eq!(encode("+62 812/34?x"), "%2B62%20812%2F34%3Fx");
    assert_eq!(encode("电话"), "%E7%94%B5%E8%AF%9D");
    assert_eq!(encode("abc-1.2_3~"), "abc-1.2_3~");
}

#[test]
fn only_401_means_an_invalid_session() {
    assert!(is_invalid_session(401));
    for status in [200, 302, 400, 403, 429, 500] {
        assert!(!is_invalid_session(status), "{status}");
    }
    let clear = crate::account::user_info::clear_user_info_cookie();
    assert!(
        clear.starts_with("userInfo=;") && clear.contains("Max-Age=0") && clear.contains("Path=/"),
        "{clear}"
    );
}

#[test]
fn form_bodies_are_url_encoded() {
    assert_eq!(
        form_body(&[
            ("country", "+882"),
            ("phone", "0812 3456"),
            ("note", "Hi & bye=1")
        ]),
        "country=%2B882&phone=0812%203456&note=Hi%20%26%20bye%3D1"
    );
    assert_eq!(form_body(&[]), "");
}

#[test]
fn locate_calls_have_the_contract_paths() {
    assert_eq!(
        locate_list_path(1, LOCATE_PAGE_SIZE),
        "/spyContent?page=1&size=20"
    );
    assert_eq!(reveal_path("ab/c?d"), "/reveal/ab%2Fc%3Fd");
    assert_eq!(
        locate_action_call(7, &LocateAction::Resend),
        (
            "PUT",
            "/spyContent/phoneLocation/7".to_owned(),
            Some("action=resend".to_owned())
        )
    );
    assert_eq!(
        locate_action_call(7, &LocateAction::Cancel),
        (
            "PUT",
            "/spyContent/phoneLocation/7".to_owned(),
            Some("action=cancel".to_owned())
        )
    );
    assert_eq!(
        locate_action_call(7, &LocateAction::Rename("Ibu & Ayah".into())),
        (
            "PUT",
            "/spyContent/phoneLocation/7".to_owned(),
            Some("action=rename&label=Ibu%20%26%20Ayah".to_owned())
        )
    );
    assert_eq!(
        locate_action_call(9, &LocateAction::Clear),
        ("POST", "/spyContent/clear/9".to_owned(), None)
    );
}

#[test]
fn reveal_bodies_carry_the_position_only_when_sharing() {
    let point = GeoPoint {
        lat: -6.2,
        lng: 106.816_666,
        accuracy: Some(12.5),
    };
    assert_eq!(
        reveal_body(RevealDecision::Share, Some(point)),
        "decision=share&latitude=-6.2&longitude=106.816666&accuracy=12.5"
    );
    assert_eq!(
        reveal_body(RevealDecision::Decline, Some(point)),
        "decision=decline"
    );
    assert_eq!(reveal_body(RevealDecision::Block, None), "decision=block");
    let no_accuracy = GeoPoint {
        accuracy: None,
        ..point
    };
    assert!(reveal_body(RevealDecision::Share, Some(no_accuracy)).ends_with("&accuracy="));
}

#[test]
fn an_approximate_share_is_rounded_before_it_is_sent() {
    use crate::model::locate::ShareMode;
    let exact = GeoPoint {
        lat: -6.208_763,
        lng: 106.845_599,
        accuracy: Some(8.0),
    };
    let body = share_body(ShareMode::Approximate, exact);
    assert_eq!(
        body,
        "decision=share&mode=approximate&latitude=-6.21&longitude=106.85&accuracy=1000"
    );
    assert!(!body.contains("208763") && !body.contains("845599"));
    assert_eq!(
        share_body(ShareMode::Live1h, exact),
        "decision=share&mode=live_1h&latitude=-6.208763&longitude=106.845599&accuracy=8"
    );
    assert_eq!(
        position_body(exact),
        "latitude=-6.208763&longitude=106.845599&accuracy=8"
    );
}

#[test]
fn decode_passes_server_messages_and_hides_garbage() {
    let err = decode::<u8>(Locale::Id, r#"{"success":0,"msg":"Pesan","obj":null}"#).unwrap_err();
    assert_eq!(err.msg, "Pesan");
    let err = decode::<u8>(Locale::En, "<html>").unwrap_err();
    assert_eq!(err.msg, "Something went wrong");
    assert_eq!(
        decode::<u8>(Locale::En, r#"{"success":1,"msg":"","obj":7}"#),
        Ok(7)
    );
}
