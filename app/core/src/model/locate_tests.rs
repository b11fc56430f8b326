use super::*;

fn request(status: LocateStatus) -> LocateRequestView {
    LocateRequestView {
        id: 1,
        phone: "+62 812".into(),
        label: String::new(),
        note: String::new(),
        status,
        created_at: 0,
        expires_at: 0,
        can_resend: false,
        has_location: false,
    }
}

#[test]
fn wire_names_round_trip() {
    for status in LocateStatus::ALL {
        assert_eq!(
            serde_json::to_string(&status).ok(),
            Some(format!("\"{}\"", status.code()))
        );
        assert_eq!(LocateStatus::from_code(status.code()), Some(status));
    }
    assert_eq!(RevealDecision::Block.code(), "block");
    assert_eq!(
        serde_json::to_string(&RevealDecision::Share)
            .ok()
            .as_deref(),
        Some("\"share\"")
    );
    assert_eq!(LocateAction::Rename("x".into()).code(), "rename");
}

#[test]
fn polling_stops_when_every_request_is_final() {
    assert!(any_pending(&[
        request(LocateStatus::Located),
        request(LocateStatus::Opened)
    ]));
    assert!(!any_pending(&[
        request(LocateStatus::Located),
        request(LocateStatus::Cancelled)
    ]));
    assert!(!any_pending(&[]));
    assert!(request(LocateStatus::Sent).can_cancel());
    assert!(!request(LocateStatus::Expired).can_cancel());
}

#[test]
fn request_view_reads_the_server_json() {
    let json = r#"{"id":7,"phone":"+62 812-3456-7890","label":"Mum","note":"hi","status":"opened",
        "createdAt":1700000000000,"expiresAt":1700086400000,"canResend":true,"hasLocation":false}"#;
    let view: LocateRequestView = serde_json::from_str(json).expect("camelCase wire names");
    assert_eq!(
        (view.id, view.status, view.can_resend),
        (7, LocateStatus::Opened, true)
    );
}
