use crate::util::TestApp;

#[tokio::test]
async fn healthz_reports_ok_when_the_database_answers() {
    for app in TestApp::all().await {
        let res = app.get("/healthz").await;
        assert_eq!(res.status, 200, "{:?}", app.backend);
        assert_eq!(res.json()["status"], "ok");
    }
}
