//! Limits of the help chat: a person may write freely, but nobody may flood
//! support, open conversations by the thousand or hold streams forever.
use anyhow::Result;

/// Settings of the help chat.
#[derive(Clone, Debug)]
pub struct ChatSettings {
    /// Messages per conversation per minute (`CHAT_MESSAGES_PER_MINUTE`, 10).
    pub messages_per_minute: i32,
    /// New conversations per client address per hour (`CHAT_CONVERSATIONS_PER_IP_HOUR`, 5).
    pub conversations_per_ip_hour: i32,
    /// Conversations are deleted this many days after their last message
    /// (`CHAT_RETENTION_DAYS`, 180).
    pub retention_days: i32,
    /// Live streams open at once (`CHAT_MAX_STREAMS`, 200); more answer 503.
    pub max_streams: i32,
    /// Live streams of one conversation at once (`CHAT_STREAMS_PER_CONVERSATION`,
    /// 3: a few tabs); more answer 503.
    pub streams_per_conversation: i32,
    /// Live streams from one client address at once (`CHAT_STREAMS_PER_ADDRESS`,
    /// 6); more answer 503, so one client cannot take every stream.
    pub streams_per_address: i32,
}

impl ChatSettings {
    /// Reads the variables above.
    ///
    /// # Errors
    /// A value that is not a positive number.
    pub fn from_vars(var: &dyn Fn(&str) -> Option<String>) -> Result<ChatSettings> {
        let v = super::Vars(var);
        Ok(ChatSettings {
            messages_per_minute: v.positive("CHAT_MESSAGES_PER_MINUTE", 10)?,
            conversations_per_ip_hour: v.positive("CHAT_CONVERSATIONS_PER_IP_HOUR", 5)?,
            retention_days: v.positive("CHAT_RETENTION_DAYS", 180)?,
            max_streams: v.positive("CHAT_MAX_STREAMS", 200)?,
            streams_per_conversation: v.positive("CHAT_STREAMS_PER_CONVERSATION", 3)?,
            streams_per_address: v.positive("CHAT_STREAMS_PER_ADDRESS", 6)?,
        })
    }

    /// The retention as milliseconds.
    pub fn retention_ms(&self) -> i64 {
        i64::from(self.retention_days) * 86_400_000
    }
}
