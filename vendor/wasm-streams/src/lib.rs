//! A stand-in for [wasm-streams](https://crates.io/crates/wasm-streams) 0.5, which Leptos brings
//! in through `server_fn`'s browser client (Leptos turns that client on whatever the app uses).
//! The real crate exports three classes to JavaScript (`IntoUnderlyingSource`, `…Sink` and
//! `…ByteSource`); exports are roots, so their code, their futures and their executor stay in
//! the page's wasm although this game has no server and never streams: ~10 KB of code before
//! compression. This crate has the same names for what `server_fn` uses — `ReadableStream`'s
//! `from_raw`, `into_raw`, `from_stream` and `into_stream` — and no exports.
//!
//! Should anything ever stream through it, it does not hang and does not panic: a stream made
//! from Rust is an empty `ReadableStream`, and a `ReadableStream` read as a Rust stream gives one
//! error and ends. (A server function with a streaming body or response would need the real
//! crate back: remove the `[patch.crates-io]` entry in the workspace's Cargo.toml.)

use futures_util::stream::Stream;
use std::marker::PhantomData;
use std::pin::Pin;
use std::task::{Context, Poll};
use wasm_bindgen::{JsCast, JsValue};

/// Said by a stream read through this stand-in.
pub const NOT_BUILT_IN: &str = "streamed responses are not built into this app";

/// A JavaScript `ReadableStream`, as `wasm_streams::ReadableStream` wraps one.
#[derive(Debug)]
pub struct ReadableStream {
    raw: web_sys::ReadableStream,
}

impl ReadableStream {
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        Self { raw }
    }

    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.raw
    }

    /// An empty `ReadableStream` in place of one fed from `stream` (which is dropped unread).
    pub fn from_stream<St>(stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        drop(stream);
        let raw =
            web_sys::ReadableStream::new().unwrap_or_else(|_| JsValue::UNDEFINED.unchecked_into());
        Self { raw }
    }

    /// A Rust stream that gives one error ([`NOT_BUILT_IN`]) and ends.
    pub fn into_stream(self) -> IntoStream<'static> {
        IntoStream {
            said: false,
            stream: PhantomData,
        }
    }
}

/// What [`ReadableStream::into_stream`] gives.
#[derive(Debug)]
pub struct IntoStream<'reader> {
    said: bool,
    stream: PhantomData<&'reader ()>,
}

impl Stream for IntoStream<'_> {
    type Item = Result<JsValue, JsValue>;

    fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.said {
            return Poll::Ready(None);
        }
        self.said = true;
        Poll::Ready(Some(Err(JsValue::from_str(NOT_BUILT_IN))))
    }
}
