//! The board: a WAI-ARIA grid of 225 squares with their premiums, committed and unsubmitted
//! tiles, one Tab stop (a roving tabindex on the keyboard cursor) and typing (src/keys.rs).

use super::markup::{self, html, Html};
use super::Store;
use crate::keys::{Done, Typing};
use crate::session::{Screen, Session};
use leptos::ev::KeyboardEvent;
use leptos::prelude::*;
use molscrab_engine::board::{is_star, premium, BoardTile, Premium, SIZE, SQUARES};
use molscrab_engine::elements::Element;
use wasm_bindgen::JsCast;

fn premium_class(p: Premium) -> &'static str {
    match p {
        Premium::Plain => "",
        Premium::DoubleLetter => " dl",
        Premium::TripleLetter => " tl",
        Premium::DoubleWord => " dw",
        Premium::TripleWord => " tw",
    }
}

fn premium_words(p: Premium) -> &'static str {
    match p {
        Premium::Plain => "",
        Premium::DoubleLetter => ", double letter",
        Premium::TripleLetter => ", triple letter",
        Premium::DoubleWord => ", double word",
        Premium::TripleWord => ", triple word",
    }
}

/// What a square shows: its tile if any (committed, or placed this turn), and whether the
/// keyboard cursor is on it (and which way it types).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Face {
    tile: Option<Shown>,
    /// `Some(down)` on the cursor's square.
    cursor: Option<bool>,
    /// The square a Wild Isotope waits to go to, once its element is chosen.
    waiting: bool,
    /// On the cursor's square: what is typed of a symbol not yet placed (`Typing::half_typed`).
    typed: Option<&'static str>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Shown {
    el: Element,
    wild: bool,
    new: bool,
    last: bool,
}

/// Every square's face, row by row, in one pass over the session: a tap recomputes this once,
/// and only the squares whose face changed touch the page.
fn all_faces(s: Option<&Session>, typing: &Typing) -> Vec<Face> {
    let mut faces = vec![Face::default(); SQUARES];
    let cursor = &mut faces[typing.row * SIZE + typing.col];
    cursor.cursor = Some(typing.down);
    cursor.typed = typing.half_typed();
    let Some(s) = s else {
        return faces;
    };
    // Hindsight's look back: the board before that move, its best play shown as new tiles;
    // otherwise this turn's unsubmitted tiles, which are private: hidden while the device is
    // being handed over
    let (game, shown): (&molscrab_engine::game::Game, Vec<(u8, u8, Element, bool)>) =
        match s.looking_back() {
            Some((before, play)) => (
                before,
                play.iter().map(|p| (p.row, p.col, p.el, p.wild)).collect(),
            ),
            None if s.screen() == Screen::Turn => (
                s.game(),
                s.tentative()
                    .iter()
                    .map(|t| (t.row, t.col, t.el, t.wild))
                    .collect(),
            ),
            None => (s.game(), Vec::new()),
        };
    let waiting = s
        .phase()
        .wild_square()
        .filter(|_| s.looking_back().is_none());
    if let Some(face) =
        waiting.and_then(|(r, c)| faces.get_mut(usize::from(r) * SIZE + usize::from(c)))
    {
        face.waiting = true;
    }
    let board = game.board();
    for p in board.placements() {
        faces[usize::from(p.row) * SIZE + usize::from(p.col)].tile = Some(Shown {
            el: p.el,
            wild: p.wild,
            new: false,
            last: false,
        });
    }
    let last_play = game.turns().iter().rev().find(|t| !t.placed.is_empty());
    for p in last_play.map(|t| t.placed.as_slice()).unwrap_or_default() {
        if let Some(Some(shown)) = faces
            .get_mut(usize::from(p.row) * SIZE + usize::from(p.col))
            .map(|f| &mut f.tile)
        {
            shown.last = true;
        }
    }
    for (row, col, el, wild) in shown {
        if let Some(face) = faces.get_mut(usize::from(row) * SIZE + usize::from(col)) {
            face.tile.get_or_insert(Shown {
                el,
                wild,
                new: true,
                last: false,
            });
        }
    }
    faces
}

/// The class, name, tab stop, points and text of a square, written straight onto its button;
/// its text and points only when its tile is not the one `before` showed (the cursor or a
/// turn's end changes the class alone, and a new text would lay the board out again).
fn paint(cell: &web_sys::Element, row: usize, col: usize, face: Face, before: Option<&Face>) {
    let same_tile =
        before.map(|b| b.tile.map(|t| (t.el, t.wild))) == Some(face.tile.map(|t| (t.el, t.wild)));
    let p = premium(row, col);
    let star = is_star(row, col);
    let mut class = format!("sq{}{}", premium_class(p), if star { " star" } else { "" });
    let mut label = String::new();
    if let Some(Shown {
        el,
        wild,
        new,
        last,
    }) = face.tile
    {
        class.push_str(" filled");
        for (on, name) in [(new, " new"), (last, " last"), (wild, " wild")] {
            if on {
                class.push_str(name);
            }
        }
        // the name starts with what the square shows, its tile's symbol (axe's
        // label-content-name-mismatch); the points and premium marks are drawn by the
        // stylesheet and said in words
        let points = BoardTile { el, wild }.points().to_string();
        label = format!("{} ({})", el.symbol(), el.name());
        if wild {
            label.push_str(&format!(", Wild Isotope, {points} points"));
        }
        if new {
            label.push_str(", placed this turn");
        }
        if !same_tile {
            let _ = cell.set_attribute("data-pts", &points);
            cell.set_text_content(Some(el.symbol()));
        }
    } else {
        label.push_str("Empty");
        if face.waiting {
            class.push_str(" wait");
            label.push_str(", the Wild Isotope goes here once its element is chosen");
        }
        if !same_tile {
            let _ = cell.remove_attribute("data-pts");
            cell.set_text_content(None);
        }
    }
    label.push_str(&format!(
        ", row {}, column {}{}{}",
        row + 1,
        col + 1,
        if star { ", centre star" } else { "" },
        premium_words(p)
    ));
    if let Some(down) = face.cursor {
        class.push_str(if down { " cur down" } else { " cur" });
        label.push_str(if down {
            ", typing down"
        } else {
            ", typing across"
        });
        if let Some(typed) = face.typed {
            label.push_str(", typed so far ");
            label.push_str(typed);
        }
    }
    // drawn by the stylesheet in place of the cursor's arrow
    if before.map(|b| b.typed) != Some(face.typed) {
        let _ = match face.typed {
            Some(typed) => cell.set_attribute("data-typed", typed),
            None => cell.remove_attribute("data-typed"),
        };
    }
    cell.set_class_name(&class);
    let _ = cell.set_attribute("aria-label", &label);
    // the tab stop only where it moves: writing a square's tabindex, even unchanged, costs
    // Chromium ~0.1 ms (0.37 at 4× slowdown), more than all the rest of a square's paint
    let stop = face.cursor.is_some();
    if before.map(|b| b.cursor.is_some()) != Some(stop) {
        let _ = cell.set_attribute("tabindex", if stop { "0" } else { "-1" });
    }
}

/// The board's fixed markup: 15 rows of 15 squares, filled in by [`paint`]. Written as HTML
/// rather than as a view of 225 buttons with five reactive attributes each: the same page, in
/// much less wasm (docs/PERFORMANCE.md).
fn board_html() -> Html {
    let mut html = Html::new();
    for row in 0..SIZE {
        html.push_lit("<div class=\"row\" role=\"row\">");
        for col in 0..SIZE {
            html.push(&html!(
                "<button role=\"gridcell\" class=\"sq\" data-row={} data-col={} \
                 tabindex=\"-1\"></button>",
                row,
                col
            ));
        }
        html.push_lit("</div>");
    }
    html
}

/// The square a click or key came from: its button's `data-row` and `data-col`.
fn square_of(target: Option<web_sys::EventTarget>) -> Option<(usize, usize)> {
    let square = target?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest("[data-row]")
        .ok()??;
    let read = |name: &str| square.get_attribute(name)?.parse::<usize>().ok();
    Some((read("data-row")?, read("data-col")?))
}

/// Focus on the cursor's square of the grid `grid`.
fn focus_cursor(grid: &web_sys::Element, typing: &Typing) {
    let at = typing.row * SIZE + typing.col;
    if let Some(square) = grid
        .get_elements_by_tag_name("button")
        .item(at as u32)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = square.focus();
        // whole: focus alone scrolls a square partly in the box's view no further, and would
        // leave a corner's square cut after Ctrl+Home
        super::focus::bring_into_view(grid, at, at);
    }
}

// A thread-local, not a signal: a one-shot request to the board's next paint, set with the
// change that paints (a hint shown, Hindsight's play) and cleared by that paint; as a signal
// the paint would track it and run again when it clears it.
thread_local! {
    static FOLLOW: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The board's next paint brings the tiles of this turn (or Hindsight's play) into view: a hint
/// or "Show on board" put them there, wherever the board's box was panned (ui/store.rs).
pub fn follow() {
    FOLLOW.set(true);
}

/// The 15×15 board with every premium square marked; taps place and take back tiles, keys
/// move the cursor and type tiles (src/keys.rs).
#[component]
pub fn BoardView() -> impl IntoView {
    let store = use_context::<Store>();
    if let Some(store) = store {
        // tiles dragged onto, off and about the board (ui/drag.rs)
        super::drag::listen(store);
    }
    let typing = RwSignal::new(Typing::default());
    let grid = NodeRef::<leptos::html::Div>::new();
    // one effect paints the squares whose face changed since its last run: a tap costs one
    // pass over the board and touches only what it changed (the same element stays, so focus
    // and a screen reader's place survive)
    let mut before: Vec<Face> = Vec::new();
    // the squares a resize keeps in view (first and last), as the last paint found them
    let in_view = std::rc::Rc::new(std::cell::Cell::new(None::<(usize, usize)>));
    let painted = in_view.clone();
    // the box's width when last laid out: a resize that changes it pans the box
    let width = std::rc::Rc::new(std::cell::Cell::new(None::<i32>));
    let opened = width.clone();
    let effect = RenderEffect::new(move |_| {
        let in_view = &painted;
        let now = typing.with(|typing| match store {
            Some(t) => t.with_session(|s| all_faces(s, typing)),
            None => all_faces(None, typing),
        });
        let Some(grid) = grid.get() else {
            return before.clear();
        };
        if before.is_empty() {
            // a phone's board box opens centred on the star, however the game came (a table
            // joined from a link too, which would otherwise open at its top left, the play cut
            // at its edge); laid out a task later, and left alone if something panned it
            // meanwhile
            let grid = grid.clone();
            let width = opened.clone();
            set_timeout(
                move || {
                    if grid.scroll_left() == 0 && grid.scroll_top() == 0 {
                        super::focus::centre_board(&grid);
                    }
                    width.set(Some(grid.client_width()));
                },
                std::time::Duration::ZERO,
            );
        }
        let cells = grid.get_elements_by_tag_name("button");
        for (i, face) in now.iter().enumerate() {
            if before.get(i) != Some(face) {
                if let Some(cell) = cells.item(i as u32) {
                    paint(&cell, i / SIZE, i % SIZE, *face, before.get(i));
                }
            }
        }
        // a hint's tiles or Hindsight's play (`follow`): a phone's box pans to show them all,
        // not just the few that happen to be in its view. A tap's, a key's or a drop's tile
        // shows already, and is not looked for: a tap reads nothing of the page's layout
        let new = |i: &usize| now[*i].tile.is_some_and(|t| t.new);
        if FOLLOW.replace(false) {
            if let (Some(first), Some(last)) = ((0..SQUARES).find(new), (0..SQUARES).rfind(new)) {
                super::focus::bring_into_view(&grid, first, last);
            }
        }
        // what a resize keeps in view: the tiles placed this turn (or Hindsight's play), else
        // the last play
        let last = |i: &usize| now[*i].tile.is_some_and(|t| t.last);
        let ends =
            |f: &dyn Fn(&usize) -> bool| Some(((0..SQUARES).find(f)?, (0..SQUARES).rfind(f)?));
        in_view.set(ends(&new).or_else(|| ends(&last)));
        before = now;
    });
    on_cleanup(move || drop(effect));
    // a window made narrower or wider: a phone's box, which pans, was left where it was (at its
    // top left, coming from a wide window where it did not pan), the tiles in play out of
    // sight. When the box's width changed, it pans to show them again (the star when the board
    // is empty). Its height alone (a phone's address bar) changes nothing.
    let resized = window_event_listener(leptos::ev::resize, move |_| {
        let Some(board) = grid.get_untracked() else {
            return;
        };
        let now = board.client_width();
        if width.replace(Some(now)) == Some(now) {
            return;
        }
        match in_view.get() {
            Some((first, last)) => super::focus::bring_into_view(&board, first, last),
            None => super::focus::centre_board(&board),
        }
    });
    on_cleanup(move || resized.remove());
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let (Some(t), Some((row, col))) = (store, square_of(ev.target())) else {
            return;
        };
        if super::drag::dropped() {
            return;
        }
        // with nothing lifted, a tap on an empty square chooses where typing goes, and a
        // second tap there turns it across or down
        let turn = t.with_session_untracked(|s| {
            s.is_some_and(|s| {
                s.phase().lifted().is_none()
                    && s.game().board().get(row, col).is_none()
                    && s.tentative_at(row, col).is_none()
            })
        });
        let mut k = typing.get_untracked();
        k.tap(row, col, turn);
        t.act(|s| {
            s.tap_square(row, col);
            k.follow(s);
            None
        });
        typing.set(k);
    };
    let on_key = move |ev: KeyboardEvent| {
        let key = ev.key();
        let ctrl = ev.ctrl_key() || ev.meta_key();
        if ev.alt_key() {
            return;
        }
        // any key shows the cursor (Shift alone too): a tap on it turns it from now on
        typing.update_untracked(Typing::shown);
        let mut t = typing.get_untracked();
        let mut done = Done::Ignored;
        if t.navigate(&key, ctrl) {
            done = Done::Handled;
        } else if let Some(store) = store.filter(|_| !ctrl && Typing::wants(&key)) {
            store.act(|s| {
                done = t.key(s, &key);
                match &done {
                    Done::Moved(turn) => Some(turn.clone()),
                    _ => None,
                }
            });
        }
        if done == Done::Ignored {
            return;
        }
        ev.prevent_default();
        typing.set(t);
        // a question, the hand-off or the results took over: focus goes there (ui/focus.rs)
        let typing_on = store.is_none_or(|store| {
            store.with_session_untracked(|s| {
                s.is_some_and(|s| s.is_placing() || s.phase().picked().is_some())
            })
        });
        let grid = ev
            .current_target()
            .and_then(|g| g.dyn_into::<web_sys::Element>().ok());
        match grid {
            Some(grid) if typing_on => focus_cursor(&grid, &t),
            _ => {
                if let Some(active) = super::dom::document()
                    .and_then(|d| d.active_element())
                    .and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    let _ = active.blur();
                }
                super::focus::restore_after_tap();
            }
        }
    };
    view! {
        // on a phone the board shows large squares (40 px) and pans with a finger inside its
        // square box, so the rack and Submit stay in reach (the stylesheet does it)
        <div
            class="board"
            role="grid"
            aria-label="Board"
            node_ref=grid
            on:click=on_click
            on:keydown=on_key
            inner_html=markup::fixed(board_html())
        ></div>
    }
}
