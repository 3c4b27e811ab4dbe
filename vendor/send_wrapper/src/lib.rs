//! Molecular Scrabble's stand-in for `send_wrapper` 0.6: a value that is not `Send` carried in
//! a type that is, to be used only on the thread that made it. Leptos 0.8 wraps its event
//! handlers, node references and local storage in it.
//!
//! Why a stand-in: the crate checks the thread on every use with `std::thread::current()`, which
//! put std's thread handle (its name, its `Arc`, ~3.8 KB of wasm) into the page's first load.
//! The game's wasm has one thread (built without atomics), so there it keeps no thread and
//! checks nothing. Everywhere else (the native tests run on many threads) it checks, as the
//! crate does: a use from another thread panics.
use std::fmt;
use std::mem::ManuallyDrop;
use std::ops::{Deref, DerefMut};

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod thread {
    /// The one thread there is.
    #[derive(Clone, Copy, PartialEq)]
    pub struct Id;
    pub fn current() -> Id {
        Id
    }
}

#[cfg(not(all(target_arch = "wasm32", not(target_feature = "atomics"))))]
mod thread {
    pub use std::thread::ThreadId as Id;
    pub fn current() -> Id {
        std::thread::current().id()
    }
}

/// A value usable only on the thread that wrapped it (its only thread, in the game's wasm).
pub struct SendWrapper<T> {
    data: ManuallyDrop<T>,
    made_on: thread::Id,
}

// Safety: the value is only reached through `deref`, `deref_mut`, `take`, `poll` and `drop`,
// each of which checks it is on the thread that made it (trivially true with one thread).
unsafe impl<T> Send for SendWrapper<T> {}
unsafe impl<T> Sync for SendWrapper<T> {}

impl<T> SendWrapper<T> {
    pub fn new(data: T) -> SendWrapper<T> {
        SendWrapper {
            data: ManuallyDrop::new(data),
            made_on: thread::current(),
        }
    }

    /// Whether the value may be used here: this is the thread that wrapped it.
    pub fn valid(&self) -> bool {
        self.made_on == thread::current()
    }

    /// The value, unwrapped. Panics on another thread.
    #[track_caller]
    pub fn take(self) -> T {
        self.check("taken");
        let mut this = ManuallyDrop::new(self);
        // Safety: `this` is never dropped, so the value is moved out once
        unsafe { ManuallyDrop::take(&mut this.data) }
    }

    #[track_caller]
    fn check(&self, what: &str) {
        if !self.valid() {
            wrong_thread(what);
        }
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn wrong_thread(what: &str) -> ! {
    panic!("a SendWrapper's value {what} on another thread than the one that made it")
}

impl<T> Deref for SendWrapper<T> {
    type Target = T;
    #[track_caller]
    fn deref(&self) -> &T {
        self.check("used");
        &self.data
    }
}

impl<T> DerefMut for SendWrapper<T> {
    #[track_caller]
    fn deref_mut(&mut self) -> &mut T {
        self.check("used");
        &mut self.data
    }
}

impl<T> Drop for SendWrapper<T> {
    fn drop(&mut self) {
        if !std::mem::needs_drop::<T>() || self.valid() {
            // Safety: dropped once, here, on its own thread
            unsafe { ManuallyDrop::drop(&mut self.data) }
        } else if !std::thread::panicking() {
            wrong_thread("dropped");
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for SendWrapper<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SendWrapper").field(&**self).finish()
    }
}

impl<T: Clone> Clone for SendWrapper<T> {
    fn clone(&self) -> Self {
        SendWrapper::new((**self).clone())
    }
}

#[cfg(feature = "futures")]
mod futures {
    use super::SendWrapper;
    use std::future::Future;
    use std::pin::Pin;
    use std::task::{Context, Poll};

    impl<F: Future> Future for SendWrapper<F> {
        type Output = F::Output;
        #[track_caller]
        fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
            self.check("polled");
            // Safety: the value is never moved out of a pinned wrapper (`take` needs it by value)
            unsafe { self.map_unchecked_mut(|w| &mut *w.data) }.poll(cx)
        }
    }

    impl<S: futures_core::Stream> futures_core::Stream for SendWrapper<S> {
        type Item = S::Item;
        #[track_caller]
        fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<S::Item>> {
            self.check("polled");
            // Safety: as for `poll`
            unsafe { self.map_unchecked_mut(|w| &mut *w.data) }.poll_next(cx)
        }
        fn size_hint(&self) -> (usize, Option<usize>) {
            (**self).size_hint()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SendWrapper;
    use std::rc::Rc;

    #[test]
    fn its_own_thread_uses_takes_and_drops_the_value() {
        let w = SendWrapper::new(Rc::new(5));
        assert!(w.valid());
        assert_eq!(**w, 5);
        let copy = w.clone();
        assert_eq!(*copy.take(), 5);
        drop(w);
    }

    #[test]
    fn another_thread_may_not_use_it() {
        let w = SendWrapper::new(Rc::new(5));
        let there = std::thread::spawn(move || {
            assert!(!w.valid());
            let _ = **w;
        });
        assert!(there.join().is_err());
    }
}
