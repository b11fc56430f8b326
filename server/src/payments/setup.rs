//! Builds the configured gateways: the sandbox alone, or every real
//! adapter whose variables are set.
use super::{
    dlocal, fastspring, paddle, payermax, paypal, sandbox::SandboxProvider, Gateway, Gateways,
};
use crate::config::{Config, PaymentMode};
use sea_orm::DatabaseConnection;
use std::{sync::Arc, time::Duration};

/// The gateways of `config`.
///
/// # Errors
/// An adapter whose configuration cannot work.
pub fn gateways(config: &Config, db: &DatabaseConnection) -> anyhow::Result<Gateways> {
    let p = &config.payments;
    let base = config.public_base_url.as_str();
    if p.mode == PaymentMode::Sandbox {
        let mut sandbox = SandboxProvider::new(db.clone(), p.sandbox_secret.expose(), base);
        sandbox.latency = Duration::from_millis(p.sandbox_latency_ms);
        return Ok(Gateways::new(vec![Gateway::Sandbox(Arc::new(sandbox))]));
    }
    let timeout = Duration::from_secs(p.call_timeout_secs);
    let mut list = Vec::new();
    if let Some(c) = &p.paddle {
        list.push(Gateway::Paddle(Arc::new(paddle::PaddleProvider::new(
            c, base, timeout,
        )?)));
    }
    if let Some(c) = &p.paypal {
        list.push(Gateway::Paypal(Arc::new(paypal::PaypalProvider::new(
            c, base, timeout,
        )?)));
    }
    if let Some(c) = &p.fastspring {
        list.push(Gateway::FastSpring(Arc::new(
            fastspring::FastSpringProvider::new(c, base, timeout)?,
        )));
    }
    if let Some(c) = &p.payermax {
        list.push(Gateway::PayerMax(Arc::new(
            payermax::PayerMaxProvider::new(c, base, timeout)?,
        )));
    }
    if let Some(c) = &p.dlocal {
        list.push(Gateway::DLocal(Arc::new(dlocal::DLocalProvider::new(
            c, base, timeout,
        )?)));
    }
    Ok(Gateways::new(list))
}
