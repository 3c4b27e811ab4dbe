//! Keyboard focus after a tap that hides the button it was on.
//!
//! Many taps swap one row of buttons for another: End game for its question, Start for
//! "Replace your saved game?", Exchange tiles for Confirm/Cancel, a turn for the hand-off. The
//! browser then drops focus to the page, and a keyboard or screen-reader player is lost. After
//! such a tap, on the next frame (once the page shows the change), focus goes to the first of:
//! 1. a question now showing: its last button, the one that changes nothing ("Keep it",
//!    "Keep playing");
//! 2. the button that asked the question, once it is answered and that button shows again
//!    (after "Keep it", back to Start; after "Keep playing", back to End game);
//! 3. the tapped button itself, if it still shows;
//! 4. the first button showing of the hand-off or the results, else the board's cursor square
//!    (a turn begins where tiles are typed), else the first button of a row of controls (a
//!    card's Start), in the same section, else in the page's main part.
//!
//! Nothing happens while focus is still on something. Plain DOM calls: no rule lives here.

use std::cell::RefCell;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

fn shown(element: &Element) -> Option<HtmlElement> {
    let element = element.dyn_ref::<HtmlElement>()?;
    // a hidden element, or one inside a hidden one, has no offset parent
    element.offset_parent().map(|_| element.clone())
}

// the elements matching `selector` in `scope` that show, in page order
fn all_shown(scope: &Element, selector: &str) -> Vec<HtmlElement> {
    let Ok(found) = scope.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..found.length())
        .filter_map(|i| found.item(i)?.dyn_into::<Element>().ok())
        .filter_map(|e| shown(&e))
        .collect()
}

// A thread-local, not a signal: focus is the browser's, and the element to give it back to is
// read once, when the question goes; nothing is drawn from it.
thread_local! {
    // the button whose tap brought up the question now showing
    static OPENER: RefCell<Option<Element>> = const { RefCell::new(None) };
}

/// Call from a click handler, after its intent: mends focus on the next frame if needed.
pub fn restore_after_tap() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let tapped = document.active_element();
    let section = tapped
        .as_ref()
        .and_then(|t| t.closest("section").ok().flatten());
    // one callback for the page's life, not a closure made and dropped per tap: the tap's
    // elements wait for it here (a second tap before the frame: the later one's)
    let tap = Tap { tapped, section };
    if PENDING.with(|p| p.replace(Some(tap))).is_none() {
        FRAME.with(|frame| {
            let _ = window.request_animation_frame(frame.unchecked_ref());
        });
    }
}

/// A tap whose focus is mended on the next frame: the element tapped, its section.
struct Tap {
    tapped: Option<Element>,
    section: Option<Element>,
}

// Thread-locals, not signals: a tap's elements wait here for the next animation frame, which
// moves focus; they are browser handles, never shown, and gone once the frame has run.
thread_local! {
    /// What the next frame's mend works from.
    static PENDING: RefCell<Option<Tap>> = const { RefCell::new(None) };
    /// The frame's callback: takes what is pending and mends.
    static FRAME: js_sys::Function = Closure::<dyn Fn()>::new(|| {
        if let Some(tap) = PENDING.with(|p| p.borrow_mut().take()) {
            mend_now(tap);
        }
    })
    .into_js_value()
    .unchecked_into();
}

/// Focus after a tap, once the page shows its change (see the module's comment).
fn mend_now(Tap { tapped, section }: Tap) {
    let Some(document) = super::dom::document() else {
        return;
    };
    if document
        .active_element()
        .is_some_and(|a| shown(&a).is_some())
    {
        return;
    }
    let main = document.query_selector("main").ok().flatten();
    let scopes: Vec<Element> = section
        .into_iter()
        .filter(|s| s.is_connected())
        .chain(main)
        .collect();
    let question = scopes
        .iter()
        .find_map(|s| all_shown(s, "[role=alertdialog] button").pop());
    if question.is_some() {
        OPENER.with(|o| *o.borrow_mut() = tapped.clone());
    }
    let target = question
        .or_else(|| {
            OPENER
                .with(|o| o.borrow_mut().take())
                .as_ref()
                .and_then(shown)
        })
        .or_else(|| tapped.as_ref().and_then(shown))
        .or_else(|| {
            // in this order: the hand-off's or the results' first button, the board's cursor
            // square (a turn begins where tiles are typed), a row of controls; a table waiting
            // for another device is its board, not the waiting panel's Export game (focus
            // there would scroll a phone's board out of sight)
            const CONTROLS: [&str; 3] = [
                ".handoff:not(.waiting) button, .results button",
                ".board [tabindex=\"0\"]",
                ".controls button",
            ];
            CONTROLS.iter().find_map(|controls| {
                scopes
                    .iter()
                    .find_map(|s| all_shown(s, controls).into_iter().next())
            })
        })
        .or_else(|| {
            scopes
                .iter()
                .find_map(|s| all_shown(s, "button").into_iter().next())
        });
    if let Some(target) = target {
        let _ = target.focus();
        // a turn begins on the board: its rack and buttons come into view too; on a short
        // window (375×667) the rows under Submit give way rather than the board's top, which
        // stays in view on resuming
        if let Ok(Some(board)) = target.closest(".board") {
            if let Ok(Some(controls)) = document.query_selector(".acts") {
                controls.scroll_into_view_with_bool(false);
            }
            if let Ok(Some(bar)) = document.query_selector(".game-bar") {
                if bar.get_bounding_client_rect().top() < 0.0 {
                    bar.scroll_into_view();
                }
            }
            // a game opens with the cursor on the star: a phone's board box is centred on
            // it (left alone, the box shows its top left, the star at its right edge)
            if target.class_list().contains("star") {
                centre_board(&board);
            }
        }
    }
}

/// A phone's board box (which pans inside its square) scrolled to show its centre, the star.
pub fn centre_board(board: &Element) {
    board.set_scroll_left((board.scroll_width() - board.client_width()) / 2);
    board.set_scroll_top((board.scroll_height() - board.client_height()) / 2);
}

/// The squares from `first` to `last` (indices, row by row: the ends of a line of tiles, or
/// one square twice) brought wholly into view in a phone's box, which pans, as
/// `scrollIntoView` "nearest" would; their top left end when they are longer than the box.
pub fn bring_into_view(board: &Element, first: usize, last: usize) {
    let squares = board.get_elements_by_tag_name("button");
    let (Some(a), Some(b)) = (squares.item(first as u32), squares.item(last as u32)) else {
        return;
    };
    let (a, b) = (a.get_bounding_client_rect(), b.get_bounding_client_rect());
    let frame = board.get_bounding_client_rect();
    // how far to scroll so that [low, high] shows in the box's [from, from + size]
    let by = |low: f64, high: f64, from: f64, size: i32| {
        let to = from + f64::from(size);
        if low < from || high - low > to - from {
            (low - from).floor() as i32
        } else {
            (high - to).ceil().max(0.0) as i32
        }
    };
    let left = by(a.left(), b.right(), frame.left(), board.client_width());
    let top = by(a.top(), b.bottom(), frame.top(), board.client_height());
    board.set_scroll_left(board.scroll_left() + left);
    board.set_scroll_top(board.scroll_top() + top);
}

// A thread-local, not a signal: as `OPENER`, for the formula card's dialog; read once, when it
// closes, to give focus back.
thread_local! {
    // the button that opened the dialog now showing (a formula's card)
    static DIALOG_OPENER: RefCell<Option<Element>> = const { RefCell::new(None) };
}

/// A dialog opens: focus goes to its first button matching `selector` on the next frame, and
/// comes back to the button that opened it when [`dialog_closed`] is called.
pub fn dialog_opened(selector: &'static str) {
    let Some(document) = super::dom::document() else {
        return;
    };
    DIALOG_OPENER.with(|o| *o.borrow_mut() = document.active_element());
    focus_next_frame(document, selector);
}

/// The dialog's content was written anew (its answer came): focus its button again.
pub fn dialog_refilled(selector: &'static str) {
    if let Some(document) = super::dom::document() {
        focus_next_frame(document, selector);
    }
}

fn focus_next_frame(document: web_sys::Document, selector: &'static str) {
    let later = Closure::once_into_js(move || {
        let root = document.document_element();
        if let Some(target) = root.and_then(|r| all_shown(&r, selector).into_iter().next()) {
            let _ = target.focus();
        }
    });
    if let Some(window) = web_sys::window() {
        let _ = window.request_animation_frame(later.unchecked_ref());
    }
}

/// The dialog closed: focus goes back to the button that opened it, if it still shows.
pub fn dialog_closed() {
    if let Some(opener) = DIALOG_OPENER
        .with(|o| o.borrow_mut().take())
        .as_ref()
        .and_then(shown)
    {
        let _ = opener.focus();
    }
}
