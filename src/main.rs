//! The browser entry point: mount the app.

// Talc instead of the default dlmalloc: a few KB less wasm (README: Size and speed)
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(molscrab::ui::App);
}
