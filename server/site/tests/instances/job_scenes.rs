//! Scenes of the job worker: killed with `kill -9` in the middle of a mail,
//! its job runs again after the lease on the other instance and the mail
//! reaches the receiver once (the repeat carries the same `Message-ID`).
use crate::cluster::{eventually, Instance};
use crate::Cluster;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::job;
use server::services::accounts::users::{self, NewUser};
use std::time::Duration;

/// Asks for a reset code for a new member; returns the address.
async fn reset_code_asked(c: &Cluster, email: &str) {
    let new = NewUser {
        email: email.to_owned(),
        password: "secret-123".into(),
        locale: app::i18n::Locale::En,
        payment_count: 0,
        vip_time: 0,
    };
    users::create(&c.db, new, server::clock::now_ms())
        .await
        .unwrap();
    let url = c.api(&format!(
        "/admin/userSession/forgetPassword/{}",
        app::api::encode(email)
    ));
    let answer = c.web.get(url).send().await.unwrap();
    assert_eq!(answer.status().as_u16(), 200);
}

/// Kills whichever of `a` and `b` is in the middle of a reset-code mail (the
/// receiver has it, the sender no answer yet); the other sends it again once
/// the lease and backoff pass. Returns `a` and `b`, the killed one restarted.
pub async fn kill_9_mid_mail_delivers_it_once(
    c: &Cluster,
    a: Instance,
    b: Instance,
) -> (Instance, Instance) {
    let to = "mia@mail.com";
    c.smtp.hold(Duration::from_secs(120));
    reset_code_asked(c, to).await;
    let sender = eventually("a reset mail in flight", || async move {
        (c.smtp.unanswered() > 0)
            .then(|| c.smtp.first_sender_to(to))
            .flatten()
    })
    .await;
    let (holder, survivor) = if sender.starts_with("a@") {
        (a, b)
    } else {
        (b, a)
    };
    let holder_name = holder.name.clone();
    holder.kill().await;
    c.proxy.set_backends(&[survivor.addr]);
    c.smtp.hold(Duration::ZERO);
    eventually("the cut-off mail job run again and done", || async move {
        let open = job::Entity::find()
            .filter(job::Column::Status.is_in(["queued", "running"]))
            .count(&c.db)
            .await
            .unwrap();
        (open == 0 && c.smtp.deliveries_to(to).len() >= 2).then_some(())
    })
    .await;
    let deliveries = c.smtp.deliveries_to(to);
    assert_eq!(deliveries.len(), 2, "sent again once: {deliveries:?}");
    assert_eq!(c.smtp.mails_to(to), 1, "one mail at the receiver");
    let restarted = c.start_instance(&holder_name).await;
    c.proxy.set_backends(&[survivor.addr, restarted.addr]);
    if holder_name == "a" {
        (restarted, survivor)
    } else {
        (survivor, restarted)
    }
}
