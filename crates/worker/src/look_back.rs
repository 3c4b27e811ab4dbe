//! Hindsight as the notebook shows it, as HTML: for each of a person's turns, what they scored
//! and the best play that was there ("You scored 12; Fe·Cl·Cl·Cl at row 4, column 7 would have
//! scored 31"), what the two plays kept for the next turn where that differs by a point or more
//! (the Professor's leave table), with a button to see it on the board; and a summary line per
//! person.

use molscrab_engine::computer::{LeaveTable, Level};
use molscrab_engine::elements::Tile;
use molscrab_engine::hindsight::{formulas_of, EndgameLook, Hindsight, Kept};
use molscrab_engine::html;
use molscrab_engine::markup::Html;
use molscrab_engine::movegen::Candidate;
use molscrab_engine::record::{GameRecord, Move};
use molscrab_engine::turn::TurnKind;

fn person(record: &GameRecord, seat: usize) -> bool {
    let computer: Option<Level> = record
        .computers
        .as_ref()
        .and_then(|c| c.get(seat).copied().flatten());
    computer.is_none()
}

fn points(n: i32) -> String {
    if n == 1 {
        "1 point".into()
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

/// What the two plays kept, in the Professor's terms (its leave table): said only when the
/// worth of what they kept differs by a point or more. " It would have kept O·H for next
/// turn, worth about 4 points more than the Ne·He you kept." or " Your play kept O·H, worth
/// about 3 points more next turn than the best play's Ne·He: 5 points of the 8 missed back."
fn kept_sentence(kept: &Kept, missed: i32) -> String {
    let (mine, mine_worth) = (&kept.played.0, kept.played.1);
    let (best, best_worth) = (&kept.best.0, kept.best.1);
    let gain = best_worth - mine_worth;
    if gain.abs() < 10 {
        return String::new();
    }
    if gain > 0 {
        let yours = if mine.is_empty() {
            "keeping nothing".to_string()
        } else {
            format!("the {} you kept", tiles_text(mine))
        };
        if best.is_empty() {
            // the best play used every tile: what the player kept is worth less than a draw
            let are = if mine.len() == 1 { "is" } else { "are" };
            return format!(
                " It would also have used every tile: {} {} worth about {} less than fresh \
                 tiles.",
                yours,
                are,
                about_points(gain)
            );
        }
        format!(
            " It would also have kept {} for next turn, worth about {} more than {}.",
            tiles_text(best),
            about_points(gain),
            yours
        )
    } else {
        let back = (-gain + 5) / 10;
        let verdict = if back >= missed {
            "a fair trade".to_string()
        } else {
            format!("{} of the {} back", points(back), missed)
        };
        let theirs = if best.is_empty() {
            "the best play, which kept nothing".to_string()
        } else {
            format!("the best play's {}", tiles_text(best))
        };
        format!(
            " Your play kept {}, worth about {} more next turn than {}: {}.",
            tiles_text(mine),
            about_points(gain),
            theirs,
            verdict
        )
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

/// "Show on board" for `play` before move `move_index` (`data-look`, `data-play`: a record
/// move the page reads with the record's own reader).
fn show_on_board(move_index: usize, play: &Candidate) -> Html {
    html!(
        " <button class=\"btn quiet look\" data-look={} data-play={}>Show on \
         board</button>",
        move_index,
        play.to_move().to_value().to_string()
    )
}

/// A two-player endgame turn, weighed by the spread the game ends with (the endgame search,
/// as the Professor plays it), not by points: "Ada scored 10; the bag was empty, and N·H·H at
/// row 8, column 7 would have ended the game 4 points better for Ada: ahead by 2, not behind
/// by 2." When the move made was as good: "Ada scored 8: with the bag empty, the best move
/// there was. ✓", though another play scored more.
fn endgame_sentence(did: &str, who: &str, move_index: usize, look: &EndgameLook) -> Html {
    if look.lost() == 0 {
        return html!("{}: with the bag empty, the best move there was. ✓", did);
    }
    let better = format!(
        "would have ended the game {} better for {}: {}, not {}.",
        points(look.lost()),
        who,
        standing(look.best_spread),
        standing(look.played_spread)
    );
    match &look.best {
        None => html!("{}; the bag was empty, and passing {}", did, better),
        Some(play) => {
            let at = play.tiles.first().map_or(String::new(), |p| {
                format!(" at row {}, column {}", p.row + 1, p.col + 1)
            });
            let mut said = html!(
                "{}; the bag was empty, and <b>{}</b>{} {}",
                did,
                formulas_of(play).join("; "),
                at,
                better
            );
            said.push(&show_on_board(move_index, play));
            said
        }
    }
}

/// The notebook's hindsight view. A "Show on board" button carries the move's number
/// (`data-look`) and the best play as a record move (`data-play`): the page shows the board as
/// it was before that move, with the play on it.
pub fn hindsight_html(record: &GameRecord, hindsight: &Hindsight) -> Html {
    let seat_name = |seat| molscrab_engine::players::seat_name(&record.players, seat);
    let leaves = LeaveTable::of(record.mode());
    let mut html = html!("<div class=\"hindsight\">");
    for (seat, summary) in hindsight.seats.iter().enumerate() {
        if !person(record, seat) {
            continue;
        }
        let share = if summary.available > 0 {
            format!(
                " ({} %)",
                (i64::from(summary.found) * 100 / i64::from(summary.available)).clamp(0, 999)
            )
        } else {
            String::new()
        };
        html.push(&html!(
            "<p class=\"hs-summary\"><strong>{}</strong>: {} found of {} available{}.</p>",
            seat_name(seat),
            points(summary.found),
            points(summary.available),
            share
        ));
    }
    html.push_lit("<ol class=\"hs-turns\">");
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
        html.push(&html!("<li value={}>", t.move_index + 1));
        if let Some(look) = &t.endgame {
            html.push(&endgame_sentence(&did, &who, t.move_index, look));
            html.push_lit("</li>");
            continue;
        }
        match &t.best {
            None => html.push(&html!("{}; no play was possible.", did)),
            Some(_) if t.kind == TurnKind::Play && t.missed() == 0 => {
                html.push(&html!("{}: the best play there was. ✓", did))
            }
            Some(best) => {
                let formulas = t.best_formulas().join("; ");
                let first = best.tiles.first();
                let at = first.map_or(String::new(), |p| {
                    format!(" at row {}, column {}", p.row + 1, p.col + 1)
                });
                // what each play kept, where the bag would have refilled the rack
                let kept = match record.moves.get(t.move_index) {
                    Some(Move::Play(tiles)) => t.kept(tiles, leaves),
                    _ => None,
                };
                let kept = kept.map_or(String::new(), |k| kept_sentence(&k, t.missed()));
                html.push(&html!(
                    "{}; <b>{}</b>{} would have scored {}.{}",
                    did,
                    formulas,
                    at,
                    best.score,
                    kept
                ));
                html.push(&show_on_board(t.move_index, best));
            }
        }
        html.push_lit("</li>");
    }
    html.push_lit("</ol></div>");
    html
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
            kept_sentence(&better, 6),
            " It would also have kept O·H for next turn, worth about 8 points more than the \
             Ne·He you kept."
        );
        // the player's own play kept better tiles: some of the points missed come back
        let traded = Kept {
            played: (tiles("O Cl"), 52),
            best: (tiles("He"), 21),
        };
        assert_eq!(
            kept_sentence(&traded, 8),
            " Your play kept O·Cl, worth about 3 points more next turn than the best play's He: \
             3 points of the 8 back."
        );
        assert_eq!(
            kept_sentence(&traded, 2),
            " Your play kept O·Cl, worth about 3 points more next turn than the best play's He: \
             a fair trade."
        );
        // under a point apart: nothing to say
        let even = Kept {
            played: (tiles("O"), 12),
            best: (vec![Tile::Element(Element::H)], 5),
        };
        assert_eq!(kept_sentence(&even, 4), "");
        // the best play used every tile, and what the player kept is worth less than a draw
        let emptied = Kept {
            played: (tiles("He Ne"), -45),
            best: (Vec::new(), 0),
        };
        assert_eq!(
            kept_sentence(&emptied, 30),
            " It would also have used every tile: the He·Ne you kept are worth about 5 points \
             less than fresh tiles."
        );
        // a play that used every tile kept nothing
        let out = Kept {
            played: (Vec::new(), 0),
            best: (tiles("O"), 40),
        };
        assert_eq!(
            kept_sentence(&out, 3),
            " It would also have kept O for next turn, worth about 4 points more than keeping \
             nothing."
        );
    }
}
