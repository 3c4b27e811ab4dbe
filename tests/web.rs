//! Component tests in headless Chromium (wasm-bindgen-test): mount a component, read the DOM.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use molscrab::ui::BoardView;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a browser document")
}

/// A fresh element to mount into, so tests don't see each other's DOM.
fn fresh_root() -> web_sys::HtmlElement {
    let el: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&el).unwrap();
    el
}

async fn settle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

#[wasm_bindgen_test]
async fn the_board_mounts_with_225_squares_and_the_star() {
    let root = fresh_root();
    let _handle = leptos::mount::mount_to(root.clone(), BoardView);
    settle().await;
    let squares = root
        .query_selector_all("button[data-row][data-col]")
        .unwrap();
    assert_eq!(squares.length(), 225);
    let star = root
        .query_selector("[data-row='7'][data-col='7']")
        .unwrap()
        .expect("the centre square");
    assert!(star
        .get_attribute("aria-label")
        .unwrap()
        .contains("centre star"));
    assert_eq!(root.query_selector_all(".sq.tw").unwrap().length(), 8);
}
