//! Pass and Play's scoreboard: scores, tiles held, whose turn ("Ben — to play"), hints used,
//! which seats are computers.
//!
//! A component per row: each row reads its seat's line from the session ([`Line::of`], plain
//! Rust, tested natively) through a memo, so a tap that changes no score redraws nothing.

use super::text::{minus, seat_name};
use super::Store;
use crate::session::Session;
use leptos::prelude::*;

/// What a seat's row shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The seat's name; at a table, this device's seat is "(you)", and a computer's seat is
    /// "(computer)".
    pub name: String,
    /// Whether it is this seat's turn (the game running).
    pub to_move: bool,
    /// Hints asked for by this seat.
    pub hints: usize,
    /// The score, with a minus sign for a negative one.
    pub score: String,
    /// Tiles on the seat's rack.
    pub tiles: usize,
}

impl Line {
    /// Seat `seat`'s line of the session's game.
    pub fn of(s: &Session, seat: usize) -> Line {
        let g = s.game();
        let mut name = seat_name(g, seat);
        if s.table().is_some_and(|at| at.seat == seat) {
            name.push_str(" (you)");
        }
        // a computer seat may bear any name: said, so no one waits for it to move
        if g.computer(seat).is_some() {
            name.push_str(" (computer)");
        }
        Line {
            name,
            to_move: !g.is_over() && g.to_move() == seat,
            hints: g.hints_per_seat().get(seat).copied().unwrap_or(0),
            score: minus(g.scores().get(seat).copied().unwrap_or(0)),
            tiles: g.rack(seat).len(),
        }
    }

    /// The name cell's words: "▶ Ben — to play" on the seat's turn, else the name.
    fn name_cell(&self) -> String {
        match self.to_move {
            true => format!("▶ {} — to\u{a0}play", self.name),
            false => self.name.clone(),
        }
    }

    /// "1 hint", "3 hints"; "" for none.
    fn hints_tag(&self) -> String {
        match self.hints {
            0 => String::new(),
            1 => "1 hint".into(),
            n => format!("{n} hints"),
        }
    }
}

/// One seat's row: "▶ Ben — to play" (the turn in words too, not only the glyph), the hints
/// tag, the score and the tiles held. Every text is one closure of one type (`read`), which keeps
/// the row's code small.
#[component]
fn ScoreRow(seat: usize) -> impl IntoView {
    let store = expect_context::<Store>();
    let line = Memo::new(move |_| {
        store.track_rack_stuck();
        store.with_session(|s| s.map(|s| Line::of(s, seat)))
    });
    let read =
        move |f: fn(&Line) -> String| move || line.with(|l| l.as_ref().map(f).unwrap_or_default());
    let to_move = move || line.with(|l| l.as_ref().is_some_and(|l| l.to_move));
    view! {
        <tr class:to-move=to_move aria-current=move || to_move().then_some("true")>
            <td class="name">
                {read(Line::name_cell)}
                <span class="tag hint" hidden=move || line.with(|l| l.as_ref().is_none_or(|l| l.hints == 0))>
                    {read(Line::hints_tag)}
                </span>
            </td>
            <td class="num">{read(|l| l.score.clone())}</td>
            <td class="num">{read(|l| l.tiles.to_string())}</td>
        </tr>
    }
}

#[component]
pub fn Scoreboard() -> impl IntoView {
    let store = expect_context::<Store>();
    // a game keeps its players: one row per seat, built once
    let seats = store.with_session_untracked(|s| s.map_or(0, |s| s.game().players().len()));
    view! {
        <section class="panel scoreboard" aria-label="Scoreboard">
            <h2>"Scoreboard"</h2>
            <table class="scores">
                <thead>
                    <tr><th>"Player"</th><th>"Score"</th><th>"Tiles"</th></tr>
                </thead>
                <tbody>{(0..seats).map(|seat| view! { <ScoreRow seat /> }).collect_view()}</tbody>
            </table>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molscrab_engine::computer::Level;
    use molscrab_engine::game::Game;
    use molscrab_engine::record::{GameRecord, Kind};

    #[test]
    fn a_line_says_whose_turn_it_is_the_score_and_the_tiles() {
        let names = vec!["Ada".into(), "<b>Ben</b>".into()];
        let record = GameRecord::new_game(
            Kind::PassAndPlay,
            molscrab_engine::referee::Mode::Theory,
            names,
            1,
            4,
        );
        let s = Session::open(Game::replay(&record).unwrap(), None);
        let ada = Line::of(&s, 0);
        let ben = Line::of(&s, 1);
        assert!(!ada.to_move && ben.to_move);
        assert_eq!(ben.name, "<b>Ben</b>", "text: the view shows it as text");
        assert_eq!(
            (ada.score.as_str(), ada.tiles, ada.hints_tag()),
            ("0", 7, String::new())
        );
        assert_eq!(ben.name_cell(), "▶ <b>Ben</b> — to\u{a0}play");
        assert_eq!(ada.name_cell(), "Ada");
        // a computer's seat says so, whatever its name
        let names = vec!["Ada".into(), "Hal".into()];
        let mut record = GameRecord::new_game(
            Kind::PassAndPlay,
            molscrab_engine::referee::Mode::Theory,
            names,
            0,
            4,
        );
        record.computers = Some(vec![None, Some(Level::Professor)]);
        let s = Session::open(Game::replay(&record).unwrap(), None);
        assert_eq!(Line::of(&s, 0).name, "Ada");
        assert_eq!(Line::of(&s, 1).name, "Hal (computer)");
    }
}
