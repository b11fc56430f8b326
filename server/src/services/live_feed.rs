//! Live delivery (server-sent events) across server instances, shared by
//! the features that push news to open pages (the help chat, the locate
//! dashboard).
//!
//! A feature stores its news as rows with increasing ids and a topic (a
//! conversation, an account); one poller per process and feed reads the
//! rows stored since its last look (one small query a second, however many
//! streams are open; at once when this process stored the row) and tells
//! every stream which topics have news; each stream then reads its own
//! topic. Rows written by another process arrive within a second. The
//! poller runs only while streams are open.
//!
//! Bounded: at most `total` streams at once, and nobody can take them all
//! alone: at most `per_topic` per topic and `per_address` per client
//! address ([`LiveHub::admit`] refuses more with "busy"); each lasts at
//! most [`STREAM_LIFETIME`] (the browser reconnects), and every stream ends
//! when the server shuts down.
use crate::services::ServiceError;
use sea_orm::sea_query::{Alias, Expr, ExprTrait as _, Func, Order, Query};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, watch, Notify, OwnedSemaphorePermit, Semaphore};

/// How long one stream stays open before the browser is asked to reconnect.
pub const STREAM_LIFETIME: Duration = Duration::from_secs(300);
/// How often the poller looks when nobody wakes it.
const POLL: Duration = Duration::from_secs(1);
/// The news "every topic may have news".
pub const EVERYONE: i64 = 0;
/// Rows read per look.
const POLL_BATCH: u64 = 500;

/// Where a feed's news rows are: the table, its increasing id and the topic.
#[derive(Clone, Copy, Debug)]
pub struct FeedTable {
    pub table: &'static str,
    pub id: &'static str,
    pub topic: &'static str,
}

/// One feed's live delivery. Cheap to share (`Arc`).
pub struct LiveHub {
    db: DatabaseConnection,
    feed: FeedTable,
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
    pub per_topic: usize,
    pub per_address: usize,
}

/// Who asks for a stream: the topic and the client's address.
#[derive(Clone, Copy, Debug)]
pub struct StreamClient {
    pub topic: i64,
    pub address: Option<IpAddr>,
}

/// What a stream is counted against, besides the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Holder {
    Topic(i64),
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
    /// Topics with news.
    pub news: broadcast::Receiver<i64>,
    /// Turns `true` when the server shuts down.
    pub closing: watch::Receiver<bool>,
}

fn busy() -> ServiceError {
    ServiceError::Busy {
        retry_after_secs: 5,
    }
}

impl LiveHub {
    /// A hub for the streams `bounds` allow on the news rows of `feed`,
    /// woken by `wake` when this process stores one.
    pub fn new(
        db: DatabaseConnection,
        feed: FeedTable,
        bounds: StreamBounds,
        wake: Arc<Notify>,
    ) -> Arc<LiveHub> {
        let (news, _) = broadcast::channel(1024);
        let (closing, _) = watch::channel(false);
        Arc::new(LiveHub {
            db,
            feed,
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
            return Err(busy());
        }
        let held = self.hold(client)?;
        let slot = self.slots.clone().try_acquire_owned().map_err(|_| busy())?;
        let mut polling = lock(&self.polling);
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
        let mut wanted = vec![(Holder::Topic(client.topic), self.bounds.per_topic)];
        if let Some(address) = client.address {
            wanted.push((Holder::Address(address), self.bounds.per_address));
        }
        let mut held = lock(&self.held);
        if wanted
            .iter()
            .any(|(holder, cap)| held.get(holder).copied().unwrap_or(0) >= *cap)
        {
            return Err(busy());
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
        let mut last = match newest_id(&self.db, self.feed).await {
            Ok(id) => id,
            Err(e) => {
                tracing::error!(error = %e, feed = self.feed.table, "live poller could not start");
                0
            }
        };
        // Streams admitted while the poller started may have missed a row
        // stored in between: everyone reads once more.
        let _ = self.news.send(EVERYONE);
        loop {
            let _ = tokio::time::timeout(POLL, self.wake.notified()).await;
            {
                let mut polling = lock(&self.polling);
                if self.news.receiver_count() == 0 {
                    *polling = false;
                    return;
                }
            }
            match stored_since(&self.db, self.feed, last).await {
                Ok(rows) => {
                    for (id, topic) in rows {
                        last = std::cmp::max(last, id);
                        let _ = self.news.send(topic);
                    }
                }
                Err(e) => tracing::warn!(error = %e, feed = self.feed.table, "live poll failed"),
            }
        }
    }
}

async fn newest_id(db: &DatabaseConnection, feed: FeedTable) -> Result<i64, DbErr> {
    let query = Query::select()
        .expr(Func::max(Expr::col(Alias::new(feed.id))))
        .from(Alias::new(feed.table))
        .to_owned();
    let row = db.query_one(&query).await?;
    Ok(row
        .and_then(|r| r.try_get_by_index::<Option<i64>>(0).ok().flatten())
        .unwrap_or(0))
}

async fn stored_since(
    db: &DatabaseConnection,
    feed: FeedTable,
    last: i64,
) -> Result<Vec<(i64, i64)>, DbErr> {
    let query = Query::select()
        .column(Alias::new(feed.id))
        .column(Alias::new(feed.topic))
        .from(Alias::new(feed.table))
        .and_where(Expr::col(Alias::new(feed.id)).gt(last))
        .order_by(Alias::new(feed.id), Order::Asc)
        .limit(POLL_BATCH)
        .to_owned();
    let rows = db.query_all(&query).await?;
    rows.iter()
        .map(|r| Ok((r.try_get_by_index(0)?, r.try_get_by_index(1)?)))
        .collect()
}
