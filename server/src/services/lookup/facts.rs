//! What a lookup reads about a number besides the numbering plan: its
//! owner's directory row and its counted reports, kept for a few seconds.
//! A number being looked up is read far more often than it changes, and
//! these two reads were half of a subscriber's lookup. This process forgets
//! a number the moment it writes one of those rows; another instance sees
//! the change within [`FRESH_FOR_MS`].
use super::owner::entry_of;
use super::reports;
use super::score::Counted;
use crate::persistence::entities::number_directory as entry;
use crate::services::ServiceError;
use sea_orm::ConnectionTrait;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// How long facts read by one instance are reused.
pub const FRESH_FOR_MS: i64 = 3_000;
/// Past this many numbers the cache starts over (memory stays bounded).
const MAX_NUMBERS: usize = 50_000;

/// The rows one lookup of a number needs.
#[derive(Clone, Debug, Default)]
pub struct NumberFacts {
    pub entry: Option<entry::Model>,
    pub counted: Vec<Counted>,
    /// Some reports are hidden until support decides on a dispute.
    pub under_review: bool,
}

/// Recently read [`NumberFacts`] by E.164 number.
#[derive(Debug, Default)]
pub struct FactsCache {
    numbers: Mutex<HashMap<String, (i64, Arc<NumberFacts>)>>,
    /// Bumped by every forget: a read that started before a write must not
    /// put what it read back after that write forgot the number.
    generation: AtomicU64,
}

impl FactsCache {
    /// The facts of `e164`, from memory while fresh, else from the database.
    ///
    /// # Errors
    /// A database error.
    pub async fn read(
        &self,
        db: &impl ConnectionTrait,
        e164: &str,
        now: i64,
    ) -> Result<Arc<NumberFacts>, ServiceError> {
        if let Some((read_at, facts)) = self.lock().get(e164) {
            if (0..FRESH_FOR_MS).contains(&(now - read_at)) {
                return Ok(facts.clone());
            }
        }
        let generation = self.generation.load(Ordering::Acquire);
        let entry = entry_of(db, e164).await?;
        let (counted, under_review) = reports::counted(db, e164).await?;
        let facts = Arc::new(NumberFacts {
            entry,
            counted,
            under_review,
        });
        let mut numbers = self.lock();
        if self.generation.load(Ordering::Acquire) == generation {
            if numbers.len() >= MAX_NUMBERS {
                numbers.clear();
            }
            numbers.insert(e164.to_owned(), (now, facts.clone()));
        }
        Ok(facts)
    }

    /// Call after writing a report or the directory row of `e164`.
    pub fn forget(&self, e164: &str) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.lock().remove(e164);
    }

    /// Call after a write whose number is not at hand.
    pub fn forget_all(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (i64, Arc<NumberFacts>)>> {
        self.numbers.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
