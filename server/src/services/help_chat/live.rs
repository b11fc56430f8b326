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
//! Bounded: at most `CHAT_MAX_STREAMS` streams at once, and nobody can take
//! them all alone: at most `CHAT_STREAMS_PER_CONVERSATION` per conversation
//! and `CHAT_STREAMS_PER_ADDRESS` per client address ([`ChatHub::admit`]
//! refuses more with "busy"); each lasts at most [`STREAM_LIFETIME`] (the
//! browser reconnects), and every stream ends when the server shuts down.
use crate::persistence::entities::help_chat_message as message;
use crate::services::ServiceError;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::HashMap;
use std::net::IpAddr;
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
    bounds: StreamBounds,
    held: Arc<Mutex<HashMap<Holder, usize>>>,
}

/// How many streams may be open at once, in total and per client.
#[derive(Clone, Copy, Debug)]
pub struct StreamBounds {
    pub total: usize,
    pub per_conversation: usize,
    pub per_address: usize,
}

/// Who asks for a stream: the conversation and the client's address.
#[derive(Clone, Copy, Debug)]
pub struct StreamClient {
    pub conversation_id: i64,
    pub address: Option<IpAddr>,
}

/// What a stream is counted against, besides the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Holder {
    Conversation(i64),
    Address(IpAddr),
}

/// A stream's share of its client's bounds; dropping it gives it back.
struct Held {
    holders: Vec<Holder>,
    held: Arc<Mutex<HashMap<Holder, usize>>>,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = lock(&self.held);
        for holder in &self.holders {
            if let Some(count) = held.get_mut(holder) {
                *count -= 1;
                if *count == 0 {
                    held.remove(holder);
                }
            }
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A stream's place among the open ones; dropping it frees the place.
pub struct Admission {
    _slot: OwnedSemaphorePermit,
    _held: Held,
    /// Conversation ids with new messages.
    pub news: broadcast::Receiver<i64>,
    /// Turns `true` when the server shuts down.
    pub closing: watch::Receiver<bool>,
}

impl ChatHub {
    /// A hub for the streams `bounds` allow, woken by `wake` when this
    /// process stores a message.
    pub fn new(db: DatabaseConnection, bounds: StreamBounds, wake: Arc<Notify>) -> Arc<ChatHub> {
        let (news, _) = broadcast::channel(1024);
        let (closing, _) = watch::channel(false);
        Arc::new(ChatHub {
            db,
            news,
            slots: Arc::new(Semaphore::new(bounds.total)),
            closing,
            wake,
            polling: Mutex::new(false),
            bounds,
            held: Arc::default(),
        })
    }

    /// Admits one more stream for `client`, or refuses with "busy" when the
    /// client already holds its share, all are taken or the server is
    /// shutting down.
    ///
    /// # Errors
    /// [`ServiceError::Busy`].
    pub fn admit(self: &Arc<Self>, client: StreamClient) -> Result<Admission, ServiceError> {
        if *self.closing.borrow() {
            return Err(ServiceError::Busy {
                retry_after_secs: 5,
            });
        }
        let held = self.hold(client)?;
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
            _held: held,
            news,
            closing: self.closing.subscribe(),
        })
    }

    /// Counts one more stream against `client`'s bounds, all or nothing.
    fn hold(&self, client: StreamClient) -> Result<Held, ServiceError> {
        let mut wanted = vec![(
            Holder::Conversation(client.conversation_id),
            self.bounds.per_conversation,
        )];
        if let Some(address) = client.address {
            wanted.push((Holder::Address(address), self.bounds.per_address));
        }
        let mut held = lock(&self.held);
        if wanted
            .iter()
            .any(|(holder, cap)| held.get(holder).copied().unwrap_or(0) >= *cap)
        {
            return Err(ServiceError::Busy {
                retry_after_secs: 5,
            });
        }
        for (holder, _) in &wanted {
            *held.entry(*holder).or_insert(0) += 1;
        }
        Ok(Held {
            holders: wanted.into_iter().map(|(holder, _)| holder).collect(),
            held: self.held.clone(),
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
