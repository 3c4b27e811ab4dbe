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
    /// Where the pointer is now (in the window).
    at: (i32, i32),
    /// How far the page and the board's box were scrolled when the drag began: the tile
    /// follows the pointer however far they have scrolled since. And how far they could
    /// scroll: the dragged tile, moved along, would make room for ever more. (Read as the
    /// press becomes a drag: a tap reads no layout.)
    page0: i32,
    box0: (i32, i32),
    page_max: i32,
    box_max: (i32, i32),
    /// Since when (ms) the pointer has been held near an edge.
    near_edge: Option<f64>,
    /// A placed tile dragged out of a board whose box pans (a phone): its copy, fixed to the
    /// window, follows the pointer in its place, since the box would hide the tile itself
    /// once it left it.
    ghost: Option<HtmlElement>,
}

// Thread-locals, not signals: a drag lives between pointer events and moves its own copy of the
// tile; nothing reactive reads it, and a drop becomes the session's own taps.
thread_local! {
    static DRAG: RefCell<Option<Drag>> = const { RefCell::new(None) };
    /// A drag just ended: the click the browser sends after it is not a tap.
    static DROPPED: Cell<bool> = const { Cell::new(false) };
    /// The page's one pointer listener, once it listens.
    static LISTENER: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
    /// Whether the next step of scrolling near an edge is asked for.
    static SCROLLING: Cell<bool> = const { Cell::new(false) };
}

/// What the listener follows while a tile is pressed. Only then: a pointer moving over the page
/// (every tap on a mouse brings one) otherwise calls no code of ours. A key pressed meanwhile
/// may be Escape, which puts the tile back.
const FOLLOWED: [&str; 4] = ["pointermove", "pointerup", "pointercancel", "keydown"];

/// Starts listening to the page's pointer presses, once: one listener on the document rather
/// than one per draggable part (each of those is code in the wasm); it follows moves and the
/// release only while a tile is pressed.
pub fn listen(store: Store) {
    if LISTENER.with_borrow(Option::is_some) {
        return;
    }
    let on_pointer =
        Closure::<dyn Fn(PointerEvent)>::new(move |ev: PointerEvent| match ev.type_().as_str() {
            "pointerdown" => down(ev),
            "pointermove" => moved(ev),
            "pointerup" => up(store, ev),
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
    let Some(document) = super::dom::document() else {
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
    let (x, y) = (ev.client_x(), ev.client_y());
    DRAG.set(Some(Drag {
        from,
        tile,
        x,
        y,
        moved: false,
        at: (x, y),
        page0: 0,
        box0: (0, 0),
        page_max: 0,
        box_max: (0, 0),
        near_edge: None,
        ghost: None,
    }));
}

/// The press has become a drag: how far the page and the board's box are scrolled, and can be.
fn scrolls_at_start(d: &mut Drag) {
    d.page0 = page_scroll();
    d.page_max = page().map_or(0, |p| p.scroll_height() - p.client_height());
    if let Some(b) = board() {
        d.box0 = panned(&b);
        d.box_max = (
            b.scroll_width() - b.client_width(),
            b.scroll_height() - b.client_height(),
        );
        if matches!(d.from, Spot::Square(..)) && pans(&b) {
            d.ghost = ghost_of(&d.tile);
        }
    }
}

/// A copy of `tile` where it shows, fixed to the window and outside the board's box; the tile
/// itself stays, drawn as where the copy came from (`left-behind`), until the drop.
fn ghost_of(tile: &HtmlElement) -> Option<HtmlElement> {
    let ghost: HtmlElement = tile.clone_node_with_deep(true).ok()?.dyn_into().ok()?;
    let at = tile.get_bounding_client_rect();
    ghost.set_class_name(&format!("{} dragging ghost", tile.class_name()));
    // a picture of the tile, not a second square to reach
    let _ = ghost.set_attribute("aria-hidden", "true");
    let _ = ghost.set_attribute("tabindex", "-1");
    let style = ghost.style();
    for (name, px) in [
        ("left", at.left()),
        ("top", at.top()),
        ("width", at.width()),
        ("height", at.height()),
    ] {
        // whole pixels: formatting a float would bring its printing code into the wasm (~8 KB)
        let _ = style.set_property(name, &format!("{}px", px.round() as i32));
    }
    super::dom::document()?.body()?.append_child(&ghost).ok()?;
    let _ = tile.class_list().add_1("left-behind");
    Some(ghost)
}

fn board() -> Option<Element> {
    super::dom::find(".board")
}

/// Whether the board's box pans (a phone): its squares are taller than the box shows.
fn pans(board: &Element) -> bool {
    board.scroll_height() > board.client_height() + 1
}

/// The page's scrolling box (the document's root element, in standards mode).
fn page() -> Option<Element> {
    super::dom::document()?.document_element()
}

fn page_scroll() -> i32 {
    page().map_or(0, |p| p.scroll_top())
}

/// How far the board's box has panned: left, top.
fn panned(board: &Element) -> (i32, i32) {
    (board.scroll_left(), board.scroll_top())
}

/// How near an edge (CSS pixels) of the window, or of the board's box where it pans (a
/// phone), a dragged tile held for `HOLD` ms scrolls that way: faster the nearer, up to `STEP`
/// pixels a frame. Both narrower than a square and the wait long enough that a drop on an edge
/// square, aimed a little off its centre, is still a drop (at 40 px and 0.3 s, a 980×500
/// window scrolled under a tile aimed at its half-hidden last row).
const PAGE_EDGE: f64 = 24.0;
const BOX_EDGE: f64 = 14.0;
const HOLD: f64 = 450.0;
const STEP: f64 = 14.0;

/// The scroll a frame asks for along one axis: the pointer at `at` between `low` and `high`.
fn edge_push(at: f64, low: f64, high: f64, edge: f64) -> f64 {
    let depth = if at < low + edge {
        at - (low + edge)
    } else if at > high - edge {
        at - (high - edge)
    } else {
        return 0.0;
    };
    (depth / edge).clamp(-1.0, 1.0) * STEP
}

/// The dragged tile under the pointer, however far the page and the board's box have scrolled.
fn follow_pointer(d: &Drag) {
    let (dx, dy) = (d.at.0 - d.x, d.at.1 - d.y);
    // fixed to the window: the pointer's own move, however the page and the box scroll
    if let Some(ghost) = &d.ghost {
        let _ = ghost
            .style()
            .set_property("translate", &format!("{dx}px {dy}px"));
        return;
    }
    let page = page_scroll() - d.page0;
    // a placed tile is in the board's box, and moves with it when it pans
    let (bx, by) = match (d.from, board()) {
        (Spot::Square(..), Some(b)) => {
            let (left, top) = panned(&b);
            (left - d.box0.0, top - d.box0.1)
        }
        _ => (0, 0),
    };
    let _ = d
        .tile
        .style()
        .set_property("translate", &format!("{}px {}px", dx + bx, dy + page + by));
}

/// One step (a frame's time) of scrolling while the dragged tile is held near an edge: the
/// page near the window's top or bottom, the board's box near its own edges. Asks for the next
/// step while the pointer stays near one.
fn scroll_step() {
    let near = DRAG.with_borrow_mut(|drag| {
        let (Some(d), Some(page)) = (drag.as_mut().filter(|d| d.moved), page()) else {
            return false;
        };
        let (x, y) = (f64::from(d.at.0), f64::from(d.at.1));
        // the board's box, where it pans and the pointer is in it
        let pans = board()
            .filter(pans)
            .map(|b| (b.get_bounding_client_rect(), b))
            .filter(|(r, _)| x >= r.left() && x <= r.right() && y >= r.top() && y <= r.bottom());
        let in_box = pans.as_ref().map_or((0.0, 0.0), |(r, _)| {
            let push = |at, low, high| edge_push(at, low, high, BOX_EDGE);
            (push(x, r.left(), r.right()), push(y, r.top(), r.bottom()))
        });
        let in_page = edge_push(y, 0.0, f64::from(page.client_height()), PAGE_EDGE);
        if in_box == (0.0, 0.0) && in_page == 0.0 {
            d.near_edge = None;
            return false;
        }
        let now = js_sys::Date::now();
        if now - *d.near_edge.get_or_insert(now) < HOLD {
            return true;
        }
        if let Some((_, b)) = pans {
            let (left, top) = panned(&b);
            b.set_scroll_left((left + in_box.0 as i32).clamp(0, d.box_max.0.max(0)));
            b.set_scroll_top((top + in_box.1 as i32).clamp(0, d.box_max.1.max(0)));
        }
        let top = page.scroll_top() + in_page as i32;
        page.set_scroll_top(top.clamp(0, d.page_max.max(0)));
        follow_pointer(d);
        true
    });
    SCROLLING.set(near);
    if near {
        step_later();
    }
}

/// Asks for a [`scroll_step`] a frame's time (16 ms) from now.
fn step_later() {
    leptos::prelude::set_timeout(scroll_step, std::time::Duration::from_millis(16));
}

/// The pointer moves: past a few pixels the tile follows it.
fn moved(ev: PointerEvent) {
    DRAG.with_borrow_mut(|drag| {
        let Some(d) = drag else {
            return;
        };
        if !d.moved {
            let (dx, dy) = (ev.client_x() - d.x, ev.client_y() - d.y);
            if dx * dx + dy * dy < SLOP {
                return;
            }
            scrolls_at_start(d);
            d.moved = true;
        }
        d.at = (ev.client_x(), ev.client_y());
        if d.ghost.is_none() {
            let _ = d.tile.class_list().add_1("dragging");
        }
        follow_pointer(d);
    });
    // near an edge the page or the board's box scrolls, frame by frame, while the tile is held
    if !SCROLLING.replace(true) {
        step_later();
    }
}

fn put_back(d: &Drag) {
    if let Some(ghost) = &d.ghost {
        ghost.remove();
        let _ = d.tile.class_list().remove_1("left-behind");
        return;
    }
    let _ = d.tile.class_list().remove_1("dragging");
    let _ = d.tile.style().remove_property("translate");
}

/// The pointer is released: a drag drops its tile on what is under the pointer.
fn up(store: Store, ev: PointerEvent) {
    follow_press(false);
    // a press that never moved is a tap: its tile was never marked or moved, and the page is
    // left untouched (a class written unchanged still costs the tap a mutation)
    let Some(d) = DRAG.take().filter(|d| d.moved) else {
        return;
    };
    // what is under the pointer as the player sees it, before the tile is put down
    let under = super::dom::document()
        .and_then(|doc| doc.element_from_point(ev.client_x() as f32, ev.client_y() as f32));
    put_back(&d);
    DROPPED.set(true);
    // a click follows the release at once, if at all: after that, taps are taps again
    leptos::prelude::set_timeout(|| DROPPED.set(false), std::time::Duration::ZERO);
    let to = under.as_ref().and_then(spot_of).unwrap_or(Spot::Nowhere);
    store.act(|s| {
        arrange::drop(s, d.from, to);
        None
    });
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
