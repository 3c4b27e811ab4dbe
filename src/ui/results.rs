//! The end of a game: Solitaire's final score and rank, or Pass and Play's results, and the
//! buttons under them.
//!
//! What a finished game says is worked out natively ([`ending`], tested without a browser) and
//! shown by a component; names are what players typed, shown as text.

use super::buttons::{button, buttons, Button, Intent};
use super::drawn::{redrawn, IntoDrawn};
use super::play_menu::{asked, question_view, Place};
use super::text::{minus, seat_name};
use super::Store;
use crate::table::Table;
use leptos::prelude::*;
use molscrab_engine::game::Game;
use molscrab_engine::rank::Rank;
use molscrab_engine::record::Kind;

/// A seat's line in Pass and Play's results.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Line {
    name: String,
    won: bool,
    /// The tiles left's points, signed ("+4", "−3", "0").
    leftover: String,
    score: String,
}

/// What a finished game's results say.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Ending {
    Solitaire {
        /// How the game ended, in the engine's words.
        how: String,
        score: String,
        /// The points of the tiles left on the rack, when there were any.
        leftover: Option<String>,
        rank: &'static str,
        hints: usize,
    },
    Seats {
        /// Who won ("Ada wins!", "A tie between …").
        headline: String,
        how: String,
        lines: Vec<Line>,
        hints: usize,
    },
}

/// How many hints the game was played with, in words (nothing for none).
fn hints_said(n: usize) -> Option<String> {
    match n {
        0 => None,
        1 => Some("Played with 1 hint.".to_string()),
        n => Some(format!("Played with {n} hints.")),
    }
}

/// What the results of the finished game `g` say.
fn ending(g: &Game) -> Ending {
    let how = g.ending_text().unwrap_or_default().to_string();
    if g.kind() != Kind::Solitaire {
        return seats_ending(g, how);
    }
    let score = g.scores().first().copied().unwrap_or(0);
    let leftover = g.leftovers().first().copied().unwrap_or(0);
    let hints = g.hints_per_seat().first().copied().unwrap_or(0);
    Ending::Solitaire {
        how,
        score: minus(score),
        leftover: (leftover != 0).then(|| minus(leftover)),
        rank: Rank::from_score(score).name(),
        hints,
    }
}

/// Solitaire's personal best line, once the engine's worker has recorded the game's plays in
/// the bests ("" until then, and for other games).
fn best_line(t: &Table) -> String {
    let Some(g) = t.session().map(|s| s.game()) else {
        return String::new();
    };
    let score = g.scores().first().copied().unwrap_or(0);
    let hinted = g.hints_per_seat().first().is_some_and(|&n| n > 0);
    match t.solitaire_end() {
        // a game with hints is kept apart (the bests' "with hints" column)
        Some(b) if hinted => format!(
            "Played with hints, so kept apart from your personal best ({}).",
            b.previous_best.map_or("—".to_string(), minus)
        ),
        Some(b) if b.new_best => match b.previous_best {
            Some(prev) => format!("A new personal best! (previous best {})", minus(prev)),
            None if score > 0 => "A new personal best!".to_string(),
            None => format!(
                "Your first finished game sets your personal best: {}.",
                minus(score)
            ),
        },
        Some(b) => format!(
            "Your personal best is still {}.",
            b.previous_best.map_or("—".to_string(), minus)
        ),
        None => String::new(),
    }
}

/// Pass and Play's results: the winner(s), and each player's leftover and final score.
fn seats_ending(g: &Game, how: String) -> Ending {
    let winners = g.winners().unwrap_or_default();
    let names: Vec<String> = winners.iter().map(|w| seat_name(g, *w)).collect();
    let headline = match names.as_slice() {
        [one] if one == molscrab_engine::players::SOLITAIRE_PLAYER => "You win!".to_string(),
        [one] => format!("{one} wins!"),
        [] => "No winner".to_string(),
        many => format!("A tie between {}", many.join(" and ")),
    };
    let lines = (0..g.players().len())
        .map(|seat| {
            let leftover = g.leftovers().get(seat).copied().unwrap_or(0);
            Line {
                name: seat_name(g, seat),
                won: winners.contains(&seat),
                // the notebook's minus sign, not a hyphen
                leftover: match leftover {
                    n if n > 0 => format!("+{n}"),
                    n => minus(n),
                },
                score: minus(g.scores().get(seat).copied().unwrap_or(0)),
            }
        })
        .collect();
    Ending::Seats {
        headline,
        how,
        lines,
        hints: g.hints_per_seat().iter().sum(),
    }
}

/// The results themselves; `best` is the personal best line, which comes later.
fn ending_view(ending: Ending, best: impl Fn() -> String + Send + Sync + 'static) -> impl IntoView {
    let hints_line = |n| hints_said(n).map(|said| view! { <p class="hints-used">{said}</p> });
    match ending {
        Ending::Solitaire {
            how,
            score,
            leftover,
            rank,
            hints,
        } => view! {
            <h2>"Game over"</h2>
            <p class="how">{how}</p>
            <p class="final">"Final score: "<strong data-testid="final-score">{score}</strong></p>
            {leftover.map(|points| view! { <p>"Tiles left on your rack: "{points}" points"</p> })}
            <p class="rank">"Rank: "<strong>{rank}</strong></p>
            <p class="best" data-testid="best-line">{best}</p>
            {hints_line(hints)}
        }
        .into_any(),
        Ending::Seats {
            headline,
            how,
            lines,
            hints,
        } => view! {
            <h2 data-testid="winner">{headline}</h2>
            <p class="how">{how}</p>
            <table class="scores">
                <thead><tr><th>"Player"</th><th>"Leftover"</th><th>"Final score"</th></tr></thead>
                <tbody>
                    {lines.into_iter().map(|line| view! {
                        <tr class:won=line.won>
                            <td class="name">{line.name}</td>
                            <td class="num" data-testid="leftover">{line.leftover}</td>
                            <td class="num" data-testid="final">{line.score}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            {hints_line(hints)}
        }
        .into_any(),
    }
}

/// What the first button under the results offers: the Daily Bench again as practice, another
/// game on the same seats, or nothing (a table is opened anew from the Play tab).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Again {
    Daily,
    Solitaire,
    Rematch,
    None,
}

fn again(t: &Table) -> Again {
    match t.session() {
        Some(s) if s.table().is_some() => Again::None,
        Some(s) if s.daily().is_some() => Again::Daily,
        Some(s) if s.game().kind() == Kind::Solitaire => Again::Solitaire,
        _ => Again::Rematch,
    }
}

/// The first button under the results, if there is one.
fn again_button(again: Again) -> Option<Button> {
    let (label, intent): (_, fn(&Store)) = match again {
        Again::Daily => ("Play again for practice", daily_again),
        Again::Solitaire => ("Play again", Store::rematch),
        Again::Rematch => ("Rematch", Store::rematch),
        Again::None => return None,
    };
    Some(Button {
        class: "btn primary",
        label,
        intent: Intent::Store(intent),
    })
}

/// A finished Daily Bench game's "Play again for practice": today's bench, in the game's mode.
fn daily_again(store: &Store) {
    let mode = store.with_session_untracked(|s| s.map(|s| s.game().mode()));
    let mode = mode.unwrap_or(molscrab_engine::referee::Mode::Theory);
    super::daily::begin(*store, mode.code());
}

#[component]
pub fn Results() -> impl IntoView {
    let store = expect_context::<Store>();
    // a finished game does not change: its results are read once, as the screen opens (the
    // personal best line, which the worker's answer brings, follows the table)
    let (ending, again) =
        store.read_untracked(|t| (t.session().map(|s| ending(s.game())), again(t)));
    // Rematch's question ("Replace your saved game?"), when it is asked
    let question = asked(store, Place::Rematch);
    let asking = move || question.with(Option::is_some);
    view! {
        <div class="results" role="region" aria-label="Results">
            <div>
                {ending.map(|ending| ending_view(ending, store.table_text(best_line)))}
                // a Daily Bench game's share text, once the worker has written it
                <super::daily::DailyShare />
            </div>
            {redrawn(Box::new(move || question.get().map(|q| question_view(store, q)).drawn()))}
            <div class="controls" hidden=asking>
                {again_button(again).map(|b| button(store, b))}
                {buttons(store, &[
                    Button { class: "btn", label: "New game", intent: Intent::Store(Store::leave) },
                    Button { class: "btn quiet", label: "Export game", intent: Intent::Store(Store::export) },
                ])}
            </div>
        </div>
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::storage::MemoryShelf;
    use molscrab_engine::record::GameRecord;
    use molscrab_engine::referee::Mode;

    fn ended(kind: Kind, names: &[&str]) -> Game {
        let names = names.iter().map(|n| n.to_string()).collect();
        let record = GameRecord::new_game(kind, Mode::Theory, names, 0, 11);
        let mut g = Game::replay(&record).unwrap();
        for _ in 0..20 {
            if g.is_over() || g.pass().is_err() {
                break;
            }
        }
        if !g.is_over() {
            g.end().unwrap();
        }
        assert!(g.is_over());
        g
    }

    #[test]
    fn seats_are_named_as_typed_and_the_winner_said() {
        let g = ended(Kind::PassAndPlay, &["Ada", "<b>Bo</b>"]);
        let Ending::Seats {
            headline, lines, ..
        } = ending(&g)
        else {
            panic!("a Pass and Play ending");
        };
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[1].name, "<b>Bo</b>",
            "text, shown as text by the view"
        );
        assert!(lines.iter().any(|l| l.won), "{lines:?}");
        assert!(
            headline.ends_with(" wins!") || headline.starts_with("A tie between"),
            "{headline}"
        );
        for line in &lines {
            assert!(!line.leftover.contains('-'), "the minus sign: {line:?}");
        }
    }

    #[test]
    fn a_solitaire_ending_gives_score_rank_and_no_hints_line() {
        let g = ended(Kind::Solitaire, &["You"]);
        let table = Table::open(&mut MemoryShelf::default());
        assert_eq!(best_line(&table), "", "no game, no best line");
        let Ending::Solitaire {
            score, rank, hints, ..
        } = ending(&g)
        else {
            panic!("a Solitaire ending");
        };
        assert_eq!(hints, 0);
        assert_eq!(hints_said(hints), None);
        assert_eq!(hints_said(2).as_deref(), Some("Played with 2 hints."));
        assert!(!score.is_empty() && !rank.is_empty());
    }
}
