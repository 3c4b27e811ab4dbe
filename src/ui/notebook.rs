//! The lab notebook: every turn, newest first, with formulas, scores, bonuses and tags.

use super::text::seat_name;
use super::Store;
use leptos::either::Either;
use leptos::prelude::*;
use molscrab_engine::referee::formula_label;
use molscrab_engine::turn::TurnKind;

struct Entry {
    number: usize,
    who: String,
    kind: TurnKind,
    formulas: Vec<(String, i32, bool)>,
    score: i32,
    /// "Full Reaction +15" and so on, as the engine names them; empty for none.
    bonus: String,
    exchanged: usize,
}

#[component]
pub fn Notebook() -> impl IntoView {
    let table = expect_context::<Store>();
    // the entries change only when a turn is added (or another game opens): a tap that lifts
    // or places a tile must not rebuild them (a long game's notebook is most of a tap's work)
    let turns = Memo::new(move |_| {
        table.with_session(|s| {
            s.map(|s| {
                let g = s.game();
                (g.seed(), g.players().len(), g.turns().len())
            })
        })
    });
    let entries = move || {
        // read, not only tracked: a memo is brought up to date when its value is read
        let _ = turns.get();
        table.with_session_untracked(|s| {
            let Some(s) = s else {
                return Vec::new();
            };
            let g = s.game();
            g.turns()
                .iter()
                .enumerate()
                .rev()
                .map(|(i, t)| Entry {
                    number: i + 1,
                    who: seat_name(g, t.seat),
                    kind: t.kind,
                    formulas: t
                        .formulas
                        .iter()
                        .map(|f| (formula_label(&f.tiles), f.score, f.known))
                        .collect(),
                    // End game's own score is 0: what it costs is the rack's points, which the
                    // engine books as the player's leftover
                    score: if t.kind == TurnKind::End {
                        g.leftovers().get(t.seat).copied().unwrap_or(0)
                    } else {
                        t.score
                    },
                    bonus: t.bonus_names().join(", "),
                    exchanged: t.exchanged,
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="panel notebook" aria-label="Lab notebook">
            <h2>"Lab notebook"</h2>
            {move || {
                let entries = entries();
                if entries.is_empty() {
                    return Either::Left(view! { <p class="empty">"No turns yet."</p> });
                }
                Either::Right(view! {
                    <ol class="turns" reversed>
                        {entries.into_iter().map(entry_view).collect_view()}
                    </ol>
                })
            }}
        </section>
    }
}

fn entry_view(e: Entry) -> impl IntoView {
    let what = match e.kind {
        TurnKind::Play => format!("scored {}", e.score),
        TurnKind::Exchange => {
            format!(
                "exchanged {} tile{}",
                e.exchanged,
                if e.exchanged == 1 { "" } else { "s" }
            )
        }
        TurnKind::Pass => "passed".to_string(),
        TurnKind::End => {
            if e.score < 0 {
                format!("ended the game (−{} for the tiles left)", -e.score)
            } else {
                "ended the game".to_string()
            }
        }
    };
    // empty parts are hidden rather than left out: one shape of entry, less wasm
    let no_formulas = e.formulas.is_empty();
    let no_bonus = e.bonus.is_empty();
    view! {
        <li class="entry" value=e.number>
            <div class="entry-head">
                <span class="who">{e.who}</span>
                " "
                <span class="what">{what}</span>
            </div>
            <ul class="formulas" hidden=no_formulas>
                {e.formulas
                    .into_iter()
                    .map(|(text, score, known)| {
                        view! {
                            <li>
                                <span class="formula">{text}</span>
                                " "
                                <span class="score">{score}</span>
                                " "
                                {if known {
                                    view! { <span class="tag known">"known"</span> }
                                } else {
                                    view! { <span class="tag hypo">"Hypothetical"</span> }
                                }}
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            <p class="bonus" hidden=no_bonus>{e.bonus}</p>
        </li>
    }
}
