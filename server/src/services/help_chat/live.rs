//! Live delivery of new messages to open chat windows (server-sent events).
//!
//! One poller per process reads the ids of messages stored since its last
//! look (one small query a second, however many windows are open; at once
//! when this process stored the message) and tells every stream which
//! conversations have news; each stream then reads its own conversation
//! after the last message it sent. Replies written by another process (the
//! `server chat reply` command) arrive within a second. The poller runs
//! only while streams are open.
//!
//! Bounded: at most `CHAT_MAX_STREAMS` streams at once ([`ChatHub::admit`]
//! refuses more with "busy"), each for at most [`STREAM_LIFETIME`] (the
//! browser reconnects), and every stream ends when the server shuts down.
use crate::persistence::entities::help_chat_message as message;
use crate::services::ServiceError;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, watch, Notify, OwnedSemaphorePermit, Semaphore};

/// How long one stream stays open before the browser is asked to reconnect.
pub const STREAM_LIFETIME: Duration = Duration::from_secs(300);
/// How often the poller looks when nobody wakes it.
const POLL: Duration = Duration::from_secs(1);
/// The news "every conversation may have new messages".
pub const EVERYONE: i64 = 0;
/// Message ids read per look.
const POLL_BATCH: u64 = 500;

/// The process's live delivery. Cheap to share (`Arc`).
pub struct ChatHub {
    db: DatabaseConnection,
    news: broadcast::Sender<i64>,
    slots: Arc<Semaphore>,
    closing: watch::Sender<bool>,
    wake: Arc<Notify>,
    polling: Mutex<bool>,
}

/// A stream's place among the open ones; dropping it frees the place.
pub struct Admission {
    _slot: OwnedSemaphorePermit,
    /// Conversation ids with new messages.
    pub news: broadcast::Receiver<i64>,
    /// Turns `true` when the server shuts down.
    pub closing: watch::Receiver<bool>,
}

impl ChatHub {
    /// A hub for at most `max_streams` streams, woken by `wake` when this
    /// process stores a message.
    pub fn new(db: DatabaseConnection, max_streams: usize, wake: Arc<Notify>) -> Arc<ChatHub> {
        let (news, _) = broadcast::channel(1024);
        let (closing, _) = watch::channel(false);
        Arc::new(ChatHub {
            db,
            news,
            slots: Arc::new(Semaphore::new(max_streams)),
            closing,
            wake,
            polling: Mutex::new(false),
        })
    }

    /// Admits one more stream, or refuses with "busy" when all are taken or
    /// the server is shutting down.
    ///
    /// # Errors
    /// [`ServiceError::Busy`].
    pub fn admit(self: &Arc<Self>) -> Result<Admission, ServiceError> {
        if *self.closing.borrow() {
            return Err(ServiceError::Busy {
                retry_after_secs: 5,
            });
        }
        let slot = self
            .slots
            .clone()
            .try_acquire_owned()
            .map_err(|_| ServiceError::Busy {
                retry_after_secs: 5,
            })?;
        let mut polling = self
            .polling
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let news = self.news.subscribe();
        if !*polling {
            *polling = true;
            tokio::spawn(self.clone().poll());
        }
        Ok(Admission {
            _slot: slot,
            news,
            closing: self.closing.subscribe(),
        })
    }

    /// Ends every stream and admits no more (server shutdown).
    pub fn shut_down(&self) {
        self.closing.send_replace(true);
    }

    async fn poll(self: Arc<Self>) {
        let mut last = match newest_id(&self.db).await {
            Ok(id) => id,
            Err(e) => {
                tracing::error!(error = %e, "chat poller could not start");
                0
            }
        };
        // Streams admitted while the poller started may have missed a
        // message stored in between: everyone reads once more (0 = all).
        let _ = self.news.send(EVERYONE);
        loop {
            let _ = tokio::time::timeout(POLL, self.wake.notified()).await;
            {
                let mut polling = self
                    .polling
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if self.news.receiver_count() == 0 {
                    *polling = false;
                    return;
                }
            }
            match stored_since(&self.db, last).await {
                Ok(rows) => {
                    for (id, conversation_id) in rows {
                        last = last.max(id);
                        let _ = self.news.send(conversation_id);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "chat poll failed"),
            }
        }
    }
}

async fn newest_id(db: &DatabaseConnection) -> Result<i64, sea_orm::DbErr> {
    let newest: Option<i64> = message::Entity::find()
        .select_only()
        .column(message::Column::Id)
        .order_by_desc(message::Column::Id)
        .into_tuple()
        .one(db)
        .await?;
    Ok(newest.unwrap_or(0))
}

async fn stored_since(
    db: &DatabaseConnection,
    last: i64,
) -> Result<Vec<(i64, i64)>, sea_orm::DbErr> {
    message::Entity::find()
        .select_only()
        .column(message::Column::Id)
        .column(message::Column::ConversationId)
        .filter(message::Column::Id.gt(last))
        .order_by_asc(message::Column::Id)
        .limit(POLL_BATCH)
        .into_tuple()
        .all(db)
        .await
}
