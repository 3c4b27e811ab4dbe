//! Hindsight as the notebook shows it, as HTML: for each of a person's turns, what they scored
//! and the best play that was there ("You scored 12; Fe·Cl·Cl·Cl at row 4, column 7 would have
//! scored 31"), with a button to see it on the board; and a summary line per person.

use molscrab_engine::computer::Level;
use molscrab_engine::hindsight::Hindsight;
use molscrab_engine::html;
use molscrab_engine::markup::Html;
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

/// The notebook's hindsight view. A "Show on board" button carries the move's number
/// (`data-look`) and the best play as a record move (`data-play`): the page shows the board as
/// it was before that move, with the play on it.
pub fn hindsight_html(record: &GameRecord, hindsight: &Hindsight) -> Html {
    let seat_name = |seat| molscrab_engine::players::seat_name(&record.players, seat);
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
        html.push(&html!("<li value=\"{}\">", t.move_index + 1));
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
                let play = Move::Play(best.tiles.clone()).to_value().to_string();
                html.push(&html!(
                    "{}; <b>{}</b>{} would have scored {}. \
                     <button class=\"btn quiet look\" data-look=\"{}\" data-play=\"{}\">Show on \
                     board</button>",
                    did,
                    formulas,
                    at,
                    best.score,
                    t.move_index,
                    play
                ));
            }
        }
        html.push_lit("</li>");
    }
    html.push_lit("</ol></div>");
    html
}
