//! Pass and Play's hand-off: "Pass the device to …", the last move, and no rack in sight.
//!
//! A component: its texts are read from the session (`Store::text`) and its buttons run the
//! session's intents; the words are plain functions, tested natively.

use super::buttons::{button, Button, Intent};
use super::text::seat_name;
use super::Store;
use crate::session::{Notice, Session, TIME_UP};
use leptos::prelude::*;

/// Who the device goes to: the seat to move.
fn next(s: &Session) -> String {
    seat_name(s.game(), s.game().to_move())
}

/// The last move in words ("Ada played H·H·O for 11."), or who makes the first; with why the
/// turn ended when it was not the player's doing (Speed Lab's time running out).
fn last_move(s: &Session) -> String {
    let last = match s.game().turns().last() {
        Some(t) => s.summary(t, t.seat),
        None => format!("{} makes the first move.", next(s)),
    };
    match s.notice() == Some(&Notice::Info(TIME_UP.to_string())) {
        true => format!("{TIME_UP} {last}"),
        false => last,
    }
}

#[component]
pub fn Handoff() -> impl IntoView {
    let store = expect_context::<Store>();
    let next = store.text(next);
    view! {
        <div class="handoff" role="region" aria-label="Hand-off">
            <h2>"Pass the device to " <span class="name">{next}</span></h2>
            <p class="last-move">{store.text(last_move)}</p>
            <button class="btn primary big" on:click=store.on_tap(|s| {
                s.reveal();
                None
            })>
                "I'm " {next} " — show my tiles"
            </button>
            {button(store, Button {
                class: "btn quiet",
                label: "Save and leave",
                intent: Intent::Store(Store::leave),
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molscrab_engine::game::Game;
    use molscrab_engine::record::{GameRecord, Kind};

    #[test]
    fn the_hand_off_names_the_next_player_and_who_moves_first() {
        let names = vec!["Ada".into(), "<b>Ben</b>".into()];
        let record = GameRecord::new_game(
            Kind::PassAndPlay,
            molscrab_engine::referee::Mode::Theory,
            names,
            1,
            4,
        );
        let s = Session::open(Game::replay(&record).unwrap(), None);
        let to_move = s.game().to_move();
        let name = ["Ada", "<b>Ben</b>"][to_move];
        assert_eq!(next(&s), name, "text: the view shows it as text");
        assert_eq!(last_move(&s), format!("{name} makes the first move."));
    }
}
