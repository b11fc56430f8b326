//! TEMPORARY stand-in with the agreed API; replaced by the locate-sms branch.
pub mod templates;
use crate::services::locate::sms_events::DeliveryReport;

pub struct OutgoingSms { pub to: String, pub body: String }
pub struct SentSms { pub provider_id: String, pub report: DeliveryReport }
#[derive(Debug, thiserror::Error)]
#[error("sms")]
pub struct SmsError;
impl SmsError { pub fn is_transient(&self) -> bool { true } }
pub enum SmsSender { Outbox(sea_orm::DatabaseConnection) }
impl SmsSender {
    pub async fn send(&self, sms: &OutgoingSms) -> Result<SentSms, SmsError> {
        let Self::Outbox(db) = self;
        let _ = (db, sms);
        Ok(SentSms { provider_id: "x".into(), report: DeliveryReport::Delivered })
    }
}
