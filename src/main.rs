//! The browser entry point: mount the app.

// Talc instead of the default dlmalloc: a few KB less wasm (docs/PERFORMANCE.md)
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    // no console_error_panic_hook: its formatting cost ~1 KB of the first load
    // (docs/ARCHITECTURE.md, the first load); a panic still stops the app with "unreachable" in
    // the console, and sw-register.js tells the player
    // the mount in a task of its own, not the one that instantiated the wasm: the load's
    // longest task was the two together (Lighthouse's total blocking time counts each task's
    // time over 50 ms at 4× slowdown; the Play tab's lower sections wait a task too:
    // `Store::lower_sections_ready`)
    leptos::prelude::set_timeout(mount, std::time::Duration::ZERO);
}

fn mount() {
    // the page's first screen (Index.html) holds the masthead and #app with a loading line:
    // the game replaces the line; a page without #app still gets the game, in its body
    let app = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    match app.and_then(|a| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(a).ok()) {
        Some(app) => {
            molscrab::ui::markup::clear(&app);
            leptos::mount::mount_to(app, molscrab::ui::App).forget();
        }
        None => leptos::mount::mount_to_body(molscrab::ui::App),
    }
}
