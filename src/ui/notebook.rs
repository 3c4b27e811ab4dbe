//! The lab notebook: every turn, newest first, with formulas, scores, bonuses and tags.

use super::text::seat_name;
use super::Store;
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

/// Text made safe to put in HTML: a player's name may hold any character.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The notebook's list as HTML, newest first. Written as one string (set as the list's inner
/// HTML) rather than as a view per entry: the entries change only when a turn is added, and
/// markup is data that compresses where a view is code (README: Size and speed). Every text
/// from a person (names) is escaped.
fn entries_html(entries: Vec<Entry>) -> String {
    if entries.is_empty() {
        return "<p class=\"empty\">No turns yet.</p>".to_string();
    }
    let mut html = String::from("<ol class=\"turns\" reversed>");
    for e in entries {
        let what = match e.kind {
            TurnKind::Play => format!("scored {}", e.score),
            TurnKind::Exchange => format!(
                "exchanged {} tile{}",
                e.exchanged,
                if e.exchanged == 1 { "" } else { "s" }
            ),
            TurnKind::Pass => "passed".to_string(),
            TurnKind::End if e.score < 0 => {
                format!("ended the game (−{} for the tiles left)", -e.score)
            }
            TurnKind::End => "ended the game".to_string(),
        };
        html.push_str(&format!(
            "<li class=\"entry\" value=\"{}\"><div class=\"entry-head\"><span class=\"who\">{}\
             </span> <span class=\"what\">{what}</span></div>",
            e.number,
            escape(&e.who)
        ));
        if !e.formulas.is_empty() {
            html.push_str("<ul class=\"formulas\">");
            for (text, score, known) in e.formulas {
                let tag = if known {
                    "<span class=\"tag known\">known</span>"
                } else {
                    "<span class=\"tag hypo\">Hypothetical</span>"
                };
                html.push_str(&format!(
                    "<li><span class=\"formula\">{}</span> <span class=\"score\">{score}</span> \
                     {tag}</li>",
                    escape(&text)
                ));
            }
            html.push_str("</ul>");
        }
        if !e.bonus.is_empty() {
            html.push_str(&format!("<p class=\"bonus\">{}</p>", escape(&e.bonus)));
        }
        html.push_str("</li>");
    }
    html.push_str("</ol>");
    html
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
            <div inner_html=move || entries_html(entries())></div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_text_never_markup() {
        let entry = Entry {
            number: 1,
            who: "<b>Ada</b> & \"Bo's\"".to_string(),
            kind: TurnKind::Play,
            formulas: vec![("H₂O — water".to_string(), 6, true)],
            score: 6,
            bonus: String::new(),
            exchanged: 0,
        };
        let html = entries_html(vec![entry]);
        assert!(
            html.contains("&lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Bo&#39;s&quot;"),
            "{html}"
        );
        assert!(!html.contains("<b>"));
        assert!(html.contains("<span class=\"formula\">H₂O — water</span> <span class=\"score\">6</span> <span class=\"tag known\">known</span>"), "{html}");
        assert_eq!(
            entries_html(Vec::new()),
            "<p class=\"empty\">No turns yet.</p>"
        );
    }
}
