//! Hindsight as the notebook shows it, as data the page builds its view from: for each of a
//! person's turns, one sentence on what they did and the best play that was there ("Ada
//! scored 12; CO — carbon monoxide at row 4, column 10 would have scored 24, 12 more."), its
//! formulas named as everywhere else (`display::shown`) and each a part the page makes a
//! button that opens the formula's card; what the two plays kept for the next turn where that
//! differs by a point or more (the Professor's leave table), in the same sentence; the play as
//! a record move for "Show on board"; and a summary per person whose total is the final score,
//! with why it differs from the plays' points (the tiles left at the end).

use molscrab_engine::computer::{LeaveTable, Level};
use molscrab_engine::display::{self, Tag};
use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::game::Game;
use molscrab_engine::hindsight::{EndgameLook, Hindsight, Kept};
use molscrab_engine::movegen::Candidate;
use molscrab_engine::record::{GameRecord, Move};
use molscrab_engine::turn::{ScoredFormula, TurnKind};
use molscrab_json::Value;

/// The documented name of a formula's tiles, as the worker's table of substances gives it.
pub type Named<'a> = &'a dyn Fn(&[Element]) -> Option<String>;

fn person(record: &GameRecord, seat: usize) -> bool {
    let computer: Option<Level> = record
        .computers
        .as_ref()
        .and_then(|c| c.get(seat).copied().flatten());
    computer.is_none()
}

fn points(n: i32) -> String {
    if n == 1 || n == -1 {
        format!("{n} point")
    } else {
        format!("{n} points")
    }
}

/// Tiles as a player writes them: "O·H".
fn tiles_text(tiles: &[Tile]) -> String {
    tiles
        .iter()
        .map(|t| t.symbol())
        .collect::<Vec<_>>()
        .join("·")
}

/// Tenths of a point as a player reads them: whole points, never "0" for a real difference.
fn about_points(tenths: i32) -> String {
    points(((tenths.abs() + 5) / 10).max(1))
}

/// One sentence as the page shows it: a list of parts, each a text or a formula (`{"tiles":
/// "C O", "text": "CO — carbon monoxide"}`) that the page makes a button opening its card.
#[derive(Default)]
struct Sentence(Vec<Value>);

impl Sentence {
    fn text(&mut self, said: &str) -> &mut Self {
        match self.0.last_mut() {
            Some(Value::String(last)) => last.push_str(said),
            _ => self.0.push(said.into()),
        }
        self
    }

    /// A formula named as the notebook names it: its label ("H₂O — water"), and
    /// "(Hypothetical)" when no one has documented it.
    fn formula(&mut self, f: &ScoredFormula, named: Named) -> &mut Self {
        let name = named(&f.tiles);
        let shown = display::shown(&f.tiles, f.known, f.charge, name.as_deref());
        let text = match shown.tag {
            Tag::Hypothetical => format!("{} ({})", shown.label, shown.tag.word()),
            Tag::Card | Tag::Documented => shown.label,
        };
        let tiles = molscrab_engine::referee::spaced(&f.tiles);
        self.0.push(Value::object([
            ("tiles", tiles.into()),
            ("text", text.into()),
        ]));
        self
    }

    /// A play's formulas, main formula first: "A", "A and B", "A, B and C".
    fn formulas(&mut self, play: &Candidate, named: Named) -> &mut Self {
        let n = play.formulas.len();
        for (i, f) in play.formulas.iter().enumerate() {
            if i > 0 {
                self.text(if i + 1 == n { " and " } else { ", " });
            }
            self.formula(f, named);
        }
        self
    }

    fn done(self) -> Value {
        Value::Array(self.0)
    }
}

/// What the two plays kept, in the Professor's terms (its leave table), as the end of the
/// sentence that says what the best play would have scored: said only when the worth of what
/// they kept differs by a point or more. ", and kept O·H for next turn, worth about 4 points
/// more than the Ne·He Ada kept" or "; Ada's play kept O·Cl, worth about 3 points more next
/// turn than the best play's He: 3 of the 8 points back".
fn kept_clause(who: &str, kept: &Kept, missed: i32) -> String {
    let (who, whose) = within(who);
    let (mine, mine_worth) = (&kept.played.0, kept.played.1);
    let (best, best_worth) = (&kept.best.0, kept.best.1);
    let gain = best_worth - mine_worth;
    if gain.abs() < 10 {
        return String::new();
    }
    if gain > 0 {
        let theirs = if mine.is_empty() {
            format!("{who} keeping nothing")
        } else {
            format!("the {} {who} kept", tiles_text(mine))
        };
        if best.is_empty() {
            // the best play used every tile: what the player kept is worth less than a draw
            return format!(
                ", and used every tile, where {} {} worth about {} less than fresh tiles",
                theirs,
                if mine.len() == 1 { "is" } else { "are" },
                about_points(gain)
            );
        }
        format!(
            ", and kept {} for next turn, worth about {} more than {}",
            tiles_text(best),
            about_points(gain),
            theirs
        )
    } else {
        let back = (-gain + 5) / 10;
        let verdict = if back >= missed {
            "a fair trade".to_string()
        } else {
            format!("{back} of the {missed} points back")
        };
        let best_kept = if best.is_empty() {
            "the best play, which kept nothing".to_string()
        } else {
            format!("the best play's {}", tiles_text(best))
        };
        format!(
            "; {whose} play kept {}, worth about {} more next turn than {}: {}",
            tiles_text(mine),
            about_points(gain),
            best_kept,
            verdict
        )
    }
}

/// A seat's name within a sentence, and whose: Solitaire's "You" is "you" and "your" there.
fn within(who: &str) -> (String, String) {
    match who == molscrab_engine::players::SOLITAIRE_PLAYER {
        true => ("you".into(), "your".into()),
        false => (who.to_string(), format!("{who}'s")),
    }
}

/// Where a game ends for its mover, as a player says it: "ahead by 2", "level", "behind by 3".
fn standing(spread: i32) -> String {
    match spread {
        0 => "level".into(),
        s if s > 0 => format!("ahead by {s}"),
        s => format!("behind by {}", -s),
    }
}

/// " at row 4, column 10": where a play's first tile goes.
fn at(play: &Candidate) -> String {
    play.tiles.first().map_or(String::new(), |p| {
        format!(" at row {}, column {}", p.row + 1, p.col + 1)
    })
}

/// A two-player endgame turn, weighed by the spread the game ends with (the endgame search,
/// as the Professor plays it), not by points: "Ada scored 10; with the bag empty, NH₂ at row 8,
/// column 7 would have ended the game 4 points better for Ada: ahead by 2, not behind by 2."
/// When the move made was as good: "Ada scored 8: with the bag empty, the best move there
/// was. ✓", though another play scored more.
fn endgame_sentence(did: &str, who: &str, look: &EndgameLook, named: Named) -> Sentence {
    let mut said = Sentence::default();
    if look.lost() == 0 {
        said.text(&format!(
            "{did}: with the bag empty, the best move there was. ✓"
        ));
        return said;
    }
    let better = format!(
        " would have ended the game {} better for {}: {}, not {}.",
        points(look.lost()),
        within(who).0,
        standing(look.best_spread),
        standing(look.played_spread)
    );
    match &look.best {
        None => said.text(&format!("{did}; with the bag empty, passing{better}")),
        Some(play) => said
            .text(&format!("{did}; with the bag empty, "))
            .formulas(play, named)
            .text(&format!("{}{better}", at(play))),
    };
    said
}

/// A person's summary: their final score as the results show it, and how their plays' points
/// came to it: "Ada: 35 points" and "Plays scored 40 points of the 60 the best plays would
/// have scored (66 %); 5 points came off the final score for the tiles left on the rack."
fn seat_value(name: &str, found: i32, available: i32, leftover: i32) -> Value {
    let share = if available > 0 {
        format!(
            " ({} %)",
            (i64::from(found) * 100 / i64::from(available)).clamp(0, 999)
        )
    } else {
        String::new()
    };
    let mut said = format!(
        "Plays scored {} of the {} the best plays would have scored{share}",
        points(found),
        available
    );
    match leftover {
        0 => {}
        n if n < 0 => said.push_str(&format!(
            "; {} came off the final score for the tiles left on the rack",
            points(-n)
        )),
        n => said.push_str(&format!(
            "; {} were added to the final score for the tiles left on the other racks",
            points(n)
        )),
    }
    said.push('.');
    Value::object([
        (
            "head",
            // the results' minus sign, not a hyphen
            format!(
                "{name}: {}",
                points(found + leftover).replace('-', "\u{2212}")
            )
            .into(),
        ),
        ("said", said.into()),
        ("score", (found + leftover).into()),
    ])
}

/// The notebook's hindsight view as data: `{"seats": [{"head", "said", "score"}], "turns":
/// [{"n", "said": [parts], "look": null | {"move", "play"}}]}`, people's seats and turns only.
/// A turn's `said` is one sentence as [`Sentence`] parts; `look` is "Show on board": the move's
/// number and the best play as a record move (the page shows the board as it was before that
/// move, with the play on it). `named` gives a documented substance's name.
pub fn hindsight_value(record: &GameRecord, hindsight: &Hindsight, named: Named) -> Value {
    let seat_name = |seat| molscrab_engine::players::seat_name(&record.players, seat);
    let leaves = LeaveTable::of(record.mode());
    // the final scores: a replay of the record hindsight has just replayed
    let leftovers = Game::replay(record).map_or_else(|_| Vec::new(), |g| g.leftovers());
    let mut seats = Vec::new();
    for (seat, summary) in hindsight.seats.iter().enumerate() {
        if person(record, seat) {
            let leftover = leftovers.get(seat).copied().unwrap_or(0);
            seats.push(seat_value(
                &seat_name(seat),
                summary.found,
                summary.available,
                leftover,
            ));
        }
    }
    let mut turns = Vec::new();
    for t in &hindsight.turns {
        if !person(record, t.seat) {
            continue;
        }
        let who = seat_name(t.seat);
        let did = match t.kind {
            TurnKind::Play => format!("{who} scored {}", t.scored),
            TurnKind::Exchange => format!("{who} exchanged tiles"),
            TurnKind::Pass => format!("{who} passed"),
            TurnKind::End => format!("{who} ended the game"),
        };
        let (said, shown) = match (&t.endgame, &t.best) {
            (Some(look), _) => (
                endgame_sentence(&did, &who, look, named),
                look.best.as_ref().filter(|_| look.lost() > 0),
            ),
            (None, None) => {
                let mut said = Sentence::default();
                said.text(&format!("{did}; no play was possible."));
                (said, None)
            }
            (None, Some(_)) if t.kind == TurnKind::Play && t.missed() == 0 => {
                let mut said = Sentence::default();
                said.text(&format!("{did}: the best play there was. ✓"));
                (said, None)
            }
            (None, Some(best)) => {
                // what each play kept, where the bag would have refilled the rack
                let kept = match record.moves.get(t.move_index) {
                    Some(Move::Play(tiles)) => t.kept(tiles, leaves),
                    _ => None,
                };
                let kept = kept.map_or(String::new(), |k| kept_clause(&who, &k, t.missed()));
                let more = match t.kind {
                    TurnKind::Play => format!(", {} more", t.missed()),
                    _ => String::new(),
                };
                let mut said = Sentence::default();
                said.text(&format!("{did}; "))
                    .formulas(best, named)
                    .text(&format!(
                        "{} would have scored {}{more}{kept}.",
                        at(best),
                        best.score
                    ));
                (said, Some(best))
            }
        };
        let look = shown.map(|play| {
            Value::object([
                ("move", t.move_index.into()),
                ("play", play.to_move().to_value()),
            ])
        });
        turns.push(Value::object([
            ("n", (t.move_index + 1).into()),
            ("said", said.done()),
            ("look", look.into()),
        ]));
    }
    Value::object([("seats", seats.into()), ("turns", turns.into())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use molscrab_engine::elements::Element;

    fn tiles(symbols: &str) -> Vec<Tile> {
        symbols
            .split(' ')
            .map(|s| Tile::from_symbol(s).expect("a tile"))
            .collect()
    }

    #[test]
    fn what_a_play_kept_is_said_in_points_either_way() {
        // the best play also kept the better tiles
        let better = Kept {
            played: (tiles("Ne He"), -41),
            best: (tiles("O H"), 38),
        };
        assert_eq!(
            kept_clause("Ada", &better, 6),
            ", and kept O·H for next turn, worth about 8 points more than the Ne·He Ada kept"
        );
        // the player's own play kept better tiles: some of the points missed come back
        let traded = Kept {
            played: (tiles("O Cl"), 52),
            best: (tiles("He"), 21),
        };
        assert_eq!(
            kept_clause("Ada", &traded, 8),
            "; Ada's play kept O·Cl, worth about 3 points more next turn than the best play's \
             He: 3 of the 8 points back"
        );
        assert_eq!(
            kept_clause("Ada", &traded, 2),
            "; Ada's play kept O·Cl, worth about 3 points more next turn than the best play's \
             He: a fair trade"
        );
        // under a point apart: nothing to say
        let even = Kept {
            played: (tiles("O"), 12),
            best: (vec![Tile::Element(Element::H)], 5),
        };
        assert_eq!(kept_clause("Ada", &even, 4), "");
        // the best play used every tile, and what the player kept is worth less than a draw
        let emptied = Kept {
            played: (tiles("He Ne"), -45),
            best: (Vec::new(), 0),
        };
        assert_eq!(
            kept_clause("Ada", &emptied, 30),
            ", and used every tile, where the He·Ne Ada kept are worth about 5 points less than \
             fresh tiles"
        );
        // a play that used every tile kept nothing
        let out = Kept {
            played: (Vec::new(), 0),
            best: (tiles("O"), 40),
        };
        assert_eq!(
            kept_clause("Ada", &out, 3),
            ", and kept O for next turn, worth about 4 points more than Ada keeping nothing"
        );
    }

    #[test]
    fn solitaire_s_you_reads_as_you_within_a_sentence() {
        let kept = Kept {
            played: (tiles("O Cl"), 52),
            best: (tiles("He"), 21),
        };
        assert!(kept_clause("You", &kept, 8).starts_with("; your play kept O·Cl,"));
        let kept = Kept {
            played: (tiles("Ne He"), -41),
            best: (tiles("O H"), 38),
        };
        assert!(kept_clause("You", &kept, 8).ends_with(" than the Ne·He you kept"));
    }

    #[test]
    fn a_summary_s_total_is_the_final_score_and_says_why_it_differs_from_the_plays() {
        let said = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap().to_string();
        let even = seat_value("Ada", 40, 60, 0);
        assert_eq!(said(&even, "head"), "Ada: 40 points");
        assert_eq!(
            said(&even, "said"),
            "Plays scored 40 points of the 60 the best plays would have scored (66 %)."
        );
        let left = seat_value("Ada", 40, 60, -5);
        assert_eq!(said(&left, "head"), "Ada: 35 points");
        assert!(
            said(&left, "said")
                .ends_with("; 5 points came off the final score for the tiles left on the rack."),
            "{}",
            said(&left, "said")
        );
        assert_eq!(
            said(&seat_value("Ada", 2, 9, -5), "head"),
            "Ada: \u{2212}3 points"
        );
        let out = seat_value("Bo", 1, 0, 7);
        assert_eq!(said(&out, "head"), "Bo: 8 points");
        assert_eq!(
            said(&out, "said"),
            "Plays scored 1 point of the 0 the best plays would have scored; 7 points were \
             added to the final score for the tiles left on the other racks."
        );
        assert_eq!(out.get("score").and_then(Value::as_i64), Some(8));
    }
}
