//! Code that loads after the first screen. Built with the `split` feature (as Trunk builds the
//! app: Index.html), the game screen's code is a wasm chunk of its own, `dist/lazy/split_game.wasm`,
//! cut from the app's wasm at link time (`scripts/wasm-link.sh`, wasm-split-cli) and fetched by
//! `__wasm_split.js`: the first load carries only the Play tab and what the two share (the
//! engine, the store). The chunk is fetched soon after the first screen ([`fetch_soon`]), so a
//! game mostly opens at once; should it fail to come (a lost connection before the service
//! worker kept it), the Play panel says so and offers to try again, and nothing is lost: the
//! game is in the store and its save.
//!
//! Without the feature (`cargo test`, the component tests) the game screen is built in, and
//! [`GameScreen`] draws it directly.

use super::drawn::{Drawn, IntoDrawn};
use leptos::prelude::*;

/// The game screen, drawn once its code is here; until then, a line saying it is coming.
#[component]
pub fn GameScreen() -> impl IntoView {
    let attempt = RwSignal::new(0u32);
    let waiting = RwSignal::new(!code_here());
    view! {
        <p class="loading" role="status" hidden=move || !waiting.get()>"Opening the game…"</p>
        {move || {
            attempt.track();
            game_screen(attempt, waiting)
        }}
    }
}

/// Whether the game screen's code is here (built in, or its chunk loaded).
fn code_here() -> bool {
    #[cfg(feature = "split")]
    return LOADED.load(std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(feature = "split"))]
    true
}

#[cfg(not(feature = "split"))]
fn game_screen(_attempt: RwSignal<u32>, _waiting: RwSignal<bool>) -> Drawn {
    view! { <super::game_screen::GameScreen /> }.drawn()
}

/// Starts fetching the game screen's code once the first screen is drawn.
#[cfg(not(feature = "split"))]
pub fn fetch_soon() {}

#[cfg(feature = "split")]
use leptos::wasm_split::SplitLoaderError;

#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(game, wasm_split_path = ::leptos::wasm_split, fallible, preload(fetch_game))]
fn game_split() -> Result<Drawn, SplitLoaderError> {
    Ok(view! { <super::game_screen::GameScreen /> }.drawn())
}

/// Whether the game screen's code is here: a static, not a signal, since nothing is drawn from
/// it; it says whether a game screen had to wait for its code.
#[cfg(feature = "split")]
static LOADED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

#[cfg(feature = "split")]
fn game_screen(attempt: RwSignal<u32>, waiting: RwSignal<bool>) -> Drawn {
    use leptos::__reexports::send_wrapper::SendWrapper;
    use std::sync::atomic::Ordering;
    Suspend::new(SendWrapper::new(async move {
        let waited = !code_here();
        let split = game_split().await;
        if waited {
            waiting.set(false);
        }
        match split {
            Ok(drawn) => {
                LOADED.store(true, Ordering::Relaxed);
                // the tap that opened the game mended focus before the screen was here (with
                // nothing to focus, it left it on the page): mended again once it shows
                if waited {
                    super::focus::restore_after_tap();
                }
                drawn
            }
            Err(_) => not_loaded(attempt, waiting),
        }
    }))
    .drawn()
}

/// What the Play panel says when the game screen's code could not be fetched.
#[cfg(feature = "split")]
fn not_loaded(attempt: RwSignal<u32>, waiting: RwSignal<bool>) -> Drawn {
    view! {
        <div class="notice" role="alert">
            <p>
                "The game's screen could not be loaded: this device seems to be offline. \
                 Your game is kept; try again when the connection is back."
            </p>
            <button
                class="btn"
                on:click=move |_| {
                    waiting.set(true);
                    attempt.update(|n| *n += 1);
                }
            >
                "Try again"
            </button>
        </div>
    }
    .drawn()
}

/// Starts fetching the game screen's code once the first screen is drawn (a failure here is
/// quiet: the game screen asks again when it opens, and says so if it fails then).
#[cfg(feature = "split")]
pub fn fetch_soon() {
    set_timeout(
        || {
            leptos::task::spawn_local(async {
                if fetch_game().await.is_ok() {
                    LOADED.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            })
        },
        std::time::Duration::from_millis(300),
    );
}
