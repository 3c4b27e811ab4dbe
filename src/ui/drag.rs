//! Dragging tiles with a mouse, a finger or a pen (pointer events): rack to board, board to
//! rack, within the rack. What a drop does is plain Rust (src/arrange.rs); a press that never
//! moved stays a tap, handled by the click that follows it.

use super::Store;
use crate::arrange::{self, Spot};
use std::cell::{Cell, RefCell};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, PointerEvent};

/// A tile being dragged: where from, its element, and where the press began.
struct Drag {
    from: Spot,
    tile: HtmlElement,
    x: i32,
    y: i32,
    moved: bool,
}

thread_local! {
    static DRAG: RefCell<Option<Drag>> = const { RefCell::new(None) };
    /// A drag just ended: the click the browser sends after it is not a tap.
    static DROPPED: Cell<bool> = const { Cell::new(false) };
    /// The page's one pointer listener, once it listens.
    static LISTENER: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// What the listener follows while a tile is pressed. Only then: a pointer moving over the page
/// (every tap on a mouse brings one) otherwise calls no code of ours. A key pressed meanwhile
/// may be Escape, which puts the tile back.
const FOLLOWED: [&str; 4] = ["pointermove", "pointerup", "pointercancel", "keydown"];

/// Starts listening to the page's pointer presses, once: one listener on the document rather
/// than one per draggable part (each of those is code in the wasm); it follows moves and the
/// release only while a tile is pressed.
pub fn listen(table: Store) {
    if LISTENER.with_borrow(Option::is_some) {
        return;
    }
    let on_pointer =
        Closure::<dyn Fn(PointerEvent)>::new(move |ev: PointerEvent| match ev.type_().as_str() {
            "pointerdown" => down(ev),
            "pointermove" => moved(ev),
            "pointerup" => up(table, ev),
            "keydown" => escape(ev),
            _ => cancel(),
        });
    let listener: js_sys::Function = on_pointer.into_js_value().unchecked_into();
    follow("pointerdown", &listener, true);
    // the page's one listener lives as long as the page
    LISTENER.set(Some(listener));
}

/// Adds (or removes) the listener for the events `name`, on the document, as they go down to
/// their target: before any other listener (an Escape that ends a drag goes no further).
fn follow(name: &str, listener: &js_sys::Function, on: bool) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let _ = match on {
        true => document.add_event_listener_with_callback_and_bool(name, listener, true),
        false => document.remove_event_listener_with_callback_and_bool(name, listener, true),
    };
}

/// Follows the pressed tile's moves and release, or stops following them.
fn follow_press(on: bool) {
    LISTENER.with_borrow(|listener| {
        if let Some(listener) = listener {
            for name in FOLLOWED {
                follow(name, listener, on);
            }
        }
    });
}

/// How far (in CSS pixels, squared) a press moves before it is a drag, not a tap.
const SLOP: i32 = 8 * 8;

/// The spot under an element: a rack tile, a square, or the rack's free space.
fn spot_of(element: &Element) -> Option<Spot> {
    let found = element.closest("[data-slot],[data-row],.rack").ok()??;
    let read = |name: &str| found.get_attribute(name)?.parse::<usize>().ok();
    if let Some(slot) = read("data-slot") {
        return Some(Spot::Rack(slot));
    }
    match (read("data-row"), read("data-col")) {
        (Some(row), Some(col)) => Some(Spot::Square(row, col)),
        _ => Some(Spot::RackEnd),
    }
}

/// Whether the click now arriving ends a drag (and so is no tap). Call first in a click
/// handler of a draggable thing.
pub fn dropped() -> bool {
    DROPPED.replace(false)
}

/// A press: on a rack tile, or on a tile placed this turn, it may become a drag.
fn down(ev: PointerEvent) {
    DROPPED.set(false);
    if !ev.is_primary() || ev.button() != 0 {
        return;
    }
    let Some(tile) = ev
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|t| t.closest(".rack [data-slot],.board .sq.new").ok().flatten())
        .and_then(|t| t.dyn_into::<HtmlElement>().ok())
    else {
        return;
    };
    let Some(from) = spot_of(&tile) else {
        return;
    };
    // the moves and the release come to the tile, wherever the pointer goes
    let _ = tile.set_pointer_capture(ev.pointer_id());
    follow_press(true);
    DRAG.set(Some(Drag {
        from,
        tile,
        x: ev.client_x(),
        y: ev.client_y(),
        moved: false,
    }));
}

/// The pointer moves: past a few pixels the tile follows it.
fn moved(ev: PointerEvent) {
    DRAG.with_borrow_mut(|drag| {
        let Some(d) = drag else {
            return;
        };
        let (dx, dy) = (ev.client_x() - d.x, ev.client_y() - d.y);
        if !d.moved && dx * dx + dy * dy < SLOP {
            return;
        }
        d.moved = true;
        let _ = d.tile.class_list().add_1("dragging");
        let _ = d
            .tile
            .style()
            .set_property("translate", &format!("{dx}px {dy}px"));
    });
}

fn put_back(d: &Drag) {
    let _ = d.tile.class_list().remove_1("dragging");
    let _ = d.tile.style().remove_property("translate");
}

/// The pointer is released: a drag drops its tile on what is under the pointer.
fn up(table: Store, ev: PointerEvent) {
    follow_press(false);
    let Some(d) = DRAG.take() else {
        return;
    };
    put_back(&d);
    if !d.moved {
        return;
    }
    DROPPED.set(true);
    // a click follows the release at once, if at all: after that, taps are taps again
    leptos::prelude::set_timeout(|| DROPPED.set(false), std::time::Duration::ZERO);
    let under = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|doc| doc.element_from_point(ev.client_x() as f32, ev.client_y() as f32));
    if let Some(to) = under.as_ref().and_then(spot_of) {
        table.act(|s| {
            arrange::drop(s, d.from, to);
            None
        });
    }
}

/// A key while a tile is pressed: Escape puts the tile back where it was, and is not also an
/// Escape for the board (recall) or the page; the click the release brings is no tap.
fn escape(ev: PointerEvent) {
    if ev.unchecked_ref::<web_sys::KeyboardEvent>().key() == "Escape" {
        ev.stop_propagation();
        DROPPED.set(true);
        cancel();
    }
}

/// The browser took the pointer (a scroll, a call), or the rack changed under it (another
/// tab's move followed): the tile goes back.
pub fn cancel() {
    follow_press(false);
    if let Some(d) = DRAG.take() {
        put_back(&d);
    }
}

/// A random number for a shuffle.
pub fn random() -> u64 {
    let mut bytes = [0u8; 8];
    let _ = getrandom::fill(&mut bytes);
    u64::from_le_bytes(bytes) | 1
}
