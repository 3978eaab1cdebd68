//! Connection slots: a [`Pool`] holds at most its cap of them. A slot is *settled*
//! (a player or spectator that said hello, a relay page) or *unsettled* (a connection
//! that has not said hello yet): when the pool is full, a newcomer may evict the oldest
//! unsettled slot, so connections that never speak cannot lock out one that does.

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::oneshot;

/// A capped pool of slots.
pub struct Pool {
    cap: usize,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    held: usize,
    next: u64,
    /// Unsettled slots, oldest first, with the sender that evicts each.
    unsettled: VecDeque<(u64, oneshot::Sender<()>)>,
    /// Evicted slots not dropped yet (their place is already someone else's).
    evicted: HashSet<u64>,
}

/// A place in a [`Pool`], given back when dropped.
pub struct Slot {
    pool: Arc<Pool>,
    id: u64,
    evicted: Option<oneshot::Receiver<()>>,
}

impl Pool {
    /// A pool of at most `cap` slots.
    pub fn new(cap: usize) -> Arc<Pool> {
        Arc::new(Pool {
            cap,
            state: Mutex::new(State::default()),
        })
    }

    /// The most slots held at once.
    pub fn cap(&self) -> usize {
        self.cap
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A settled slot, or None when the pool is full.
    pub fn try_take(self: &Arc<Self>) -> Option<Slot> {
        let mut state = self.lock();
        if state.held >= self.cap {
            return None;
        }
        state.held += 1;
        state.next += 1;
        Some(Slot {
            pool: Arc::clone(self),
            id: state.next,
            evicted: None,
        })
    }

    /// An unsettled slot; when the pool is full, the oldest unsettled slot is evicted
    /// to make room (None: the pool is full of settled slots).
    pub fn take_evicting(self: &Arc<Self>) -> Option<Slot> {
        let mut state = self.lock();
        if state.held >= self.cap {
            let (old, evict) = state.unsettled.pop_front()?;
            state.evicted.insert(old);
            let _ = evict.send(());
        } else {
            state.held += 1;
        }
        state.next += 1;
        let id = state.next;
        let (tx, rx) = oneshot::channel();
        state.unsettled.push_back((id, tx));
        Some(Slot {
            pool: Arc::clone(self),
            id,
            evicted: Some(rx),
        })
    }
}

impl Slot {
    /// The slot's holder has said hello: it can no longer be evicted.
    pub fn settle(&mut self) {
        if self.evicted.take().is_some() {
            self.pool.lock().unsettled.retain(|(id, _)| *id != self.id);
        }
    }

    /// Resolves when the slot is evicted (never for a settled one).
    pub async fn evicted(&mut self) {
        match self.evicted.as_mut() {
            Some(rx) => {
                if rx.await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
            None => std::future::pending().await,
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut state = self.pool.lock();
        if !state.evicted.remove(&self.id) {
            state.held -= 1;
        }
        if self.evicted.is_some() {
            state.unsettled.retain(|(id, _)| *id != self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settled_slots_are_capped_and_given_back() {
        let pool = Pool::new(2);
        let a = pool.try_take().unwrap();
        let _b = pool.try_take().unwrap();
        assert!(pool.try_take().is_none());
        assert!(pool.take_evicting().is_none(), "nothing to evict");
        drop(a);
        assert!(pool.try_take().is_some());
    }

    #[tokio::test]
    async fn a_newcomer_evicts_the_oldest_unsettled_slot() {
        let pool = Pool::new(2);
        let mut old = pool.take_evicting().unwrap();
        let mut settled = pool.take_evicting().unwrap();
        settled.settle();
        let mut new = pool.take_evicting().unwrap();
        old.evicted().await;
        drop(old);
        // The evicted slot's place was the newcomer's: still full.
        assert!(pool.try_take().is_none());
        let _newer = pool.take_evicting().unwrap();
        new.evicted().await;
        drop(new);
        assert_eq!(pool.lock().held, 2);
    }
}
