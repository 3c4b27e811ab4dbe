//! The browser entry point: mount the app.

// Talc instead of the default dlmalloc: a few KB less wasm (docs/PERFORMANCE.md)
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    // no console_error_panic_hook: its formatting cost ~1 KB of the first load
    // (docs/ARCHITECTURE.md, the first load); a panic still stops the app with "unreachable" in
    // the console, and sw-register.js tells the player
    // the store's opening and the mount each in a task of their own, not the one that
    // instantiated the wasm: Lighthouse's total blocking time counts each task's time over
    // 50 ms at 4× slowdown, and the Play tab's first build is written a part a task too
    // (`ui::store::Stage`; docs/PERFORMANCE.md, the load)
    // the store's effects run on Leptos's executor before the mount (which would start it)
    let _ = any_spawner::Executor::init_wasm_bindgen();
    leptos::prelude::set_timeout(open, std::time::Duration::ZERO);
}

/// The store opened (storage read, its first calls compiling that code) in a task of its own,
/// and the mount in the next. The mount is queued first: the store queues the Play tab's
/// first build's later parts (`ui::store::Stage`), which come after the mount.
fn open() {
    use std::cell::Cell;
    use std::rc::Rc;
    let opened = Rc::new(Cell::new(None));
    let store = Rc::clone(&opened);
    leptos::prelude::set_timeout(
        move || {
            if let Some(store) = store.take() {
                mount(store);
            }
        },
        std::time::Duration::ZERO,
    );
    // the store's signals and effects belong to an owner of their own, kept for the page's life
    let owner = leptos::prelude::Owner::new();
    opened.set(Some(owner.with(molscrab::ui::Store::open)));
    std::mem::forget(owner);
}

fn mount(store: molscrab::ui::Store) {
    let app_view = move || leptos::view! { <molscrab::ui::App store=store /> };
    // the page's first screen (Index.html) holds the masthead and #app with a loading line:
    // the game replaces the line; a page without #app still gets the game, in its body
    let app = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    match app.and_then(|a| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(a).ok()) {
        Some(app) => {
            molscrab::ui::markup::clear(&app);
            leptos::mount::mount_to(app, app_view).forget();
        }
        None => leptos::mount::mount_to_body(app_view),
    }
}
