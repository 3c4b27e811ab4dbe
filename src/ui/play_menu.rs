//! The Play tab: start, resume or import Solitaire and Pass and Play, Theory Mode, personal bests.

use super::transfer;
use super::Store;
use leptos::prelude::*;
use molscrab_engine::computer::Level;
use molscrab_engine::players::table_seats;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;

#[component]
pub fn PlayMenu() -> impl IntoView {
    let table = expect_context::<Store>();
    let theory = RwSignal::new(true);

    let form_error = RwSignal::new(None::<String>);
    let saved_solitaire = move || table.saved(Kind::Solitaire).is_some();
    let saved_pnp = move || table.saved(Kind::PassAndPlay);

    let start_pnp = move |_| {
        // the form is plain markup (seats_html): its fields are read when Start is tapped
        let inputs = field_values(".pnp-seats input");
        let seats: Vec<Option<Level>> = field_values(".pnp-seats select")
            .iter()
            .map(|code| Level::from_code(code).ok())
            .collect();
        match table_seats(&inputs, &seats) {
            Ok((players, computers)) => {
                form_error.set(None);
                table.start_pass_and_play(theory.get_untracked(), players, computers);
                super::focus::mend();
            }
            Err(e) => form_error.set(Some(e.to_string())),
        }
    };
    let start_solo = move |_| {
        let chosen = field_values(".solo-seats select");
        let opponent = chosen.first().and_then(|code| Level::from_code(code).ok());
        let count = chosen
            .get(1)
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap_or(1);
        let mut seats = vec![None];
        seats.resize(1 + count.clamp(1, 3), opponent);
        if let Ok((players, computers)) = table_seats(&["You", "", "", ""], &seats) {
            table.start_pass_and_play(theory.get_untracked(), players, computers);
            super::focus::mend();
        }
    };

    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        transfer::read_chosen_file(&input, move |name, text| {
            table.import(&name, text);
            super::focus::mend();
        });
    };

    // a section's fixed heading and words are one string of markup each: less wasm than elements
    view! {
        <div class="menu">
            {move || {
                let notices = table.read(|t| notices_html(t.notices()));
                (!notices.is_empty()).then(|| view! {
                    <div class="notice refused" role="alert">
                        <div inner_html=notices></div>
                        <button class="btn quiet" on:click=table.on_tap_store(Store::dismiss_notices)>"Dismiss"</button>
                    </div>
                })
            }}
            <label class="theory">
                <input
                    type="checkbox"
                    prop:checked=move || theory.get()
                    on:change=move |ev| theory.set(event_target_checked(&ev))
                />
                " Theory Mode "
                <span class="hint">"— any molecule you could draw counts, in any order. Off: Standard Mode, the 42 card formulas in card order."</span>
            </label>
            <div class="cards">
                <section class="card-panel" aria-labelledby="solo-h">
                    <div inner_html="<h2 id=\"solo-h\">Solitaire</h2><p>Practise at your own bench: score as much as you can from one bag, with three exchanges.</p>"></div>
                    <div class="controls" hidden=asking(table, Place::Solitaire)>
                        <button class="btn primary" on:click=move |_| { table.start_solitaire(theory.get_untracked()); super::focus::mend(); }>
                            "Start solitaire"
                        </button>
                        <button
                            class="btn"
                            hidden=move || !saved_solitaire()
                            on:click=table.on_tap_store(|t| t.resume(Kind::Solitaire))
                        >
                            "Resume game"
                        </button>
                    </div>
                    <ReplaceConfirm place=Place::Solitaire />
                </section>
                <section class="card-panel" aria-labelledby="pnp-h">
                    <div inner_html="<h2 id=\"pnp-h\">Pass and Play</h2><p>2–4 players share this device; players 3 and 4 may stay blank, and any seat may be a computer player.</p>"></div>
                    <div class="names pnp-seats" inner_html=seats_html()></div>
                    {move || form_error.get().map(|e| view! { <p class="notice refused" role="alert">{e}</p> })}
                    <div class="controls" hidden=asking(table, Place::PassAndPlay)>
                        <button class="btn primary" on:click=start_pnp>"Start pass and play"</button>
                        {move || saved_pnp().map(|r| {
                            let who = r.game.players().join(", ");
                            view! {
                                <button class="btn" on:click=table.on_tap_store(|t| t.resume(Kind::PassAndPlay))>
                                    "Resume pass and play"
                                </button>
                                <span class="hint">{who}</span>
                            }
                        })}
                    </div>
                    <ReplaceConfirm place=Place::PassAndPlay />
                </section>
            </div>
            <section class="card-panel" aria-labelledby="computer-h">
                <div inner_html="<h2 id=\"computer-h\">Against the computer</h2><p>You against one to three computer players, who move by themselves. Hints are allowed.</p>"></div>
                <div class="names solo-seats" inner_html=solo_html()></div>
                <div class="controls" hidden=asking(table, Place::PassAndPlay)>
                    <button class="btn primary" on:click=start_solo>"Play the computer"</button>
                </div>
            </section>
            <section class="card-panel" aria-labelledby="import-h">
                <div inner_html="<h2 id=\"import-h\">Import a game</h2><p>Open a game saved with Export game (a .json file). It becomes your saved game of its kind.</p>"></div>
                <div class="controls" hidden=asking(table, Place::Import)>
                    <label class="btn file">
                        "Choose a file…"
                        <input type="file" accept=".json,application/json" aria-label="Import a game from a file" on:change=import />
                    </label>
                </div>
                {move || table.read(|t| t.import_error().map(ToString::to_string)).map(|e| view! { <p class="notice refused" role="alert">{e}</p> })}
                <ReplaceConfirm place=Place::Import />
            </section>
            // the whole section one string (numbers and fixed words only), set whole
            <section class="card-panel bests" aria-labelledby="bests-h" inner_html=move || table.read(|t| bests_html(t.bests()))></section>
        </div>
    }
}

/// The notices as escaped HTML: what it means first, the reader's words behind "Details".
fn notices_html(notices: &[crate::table::TableNotice]) -> String {
    use molscrab_engine::markup::escape;
    let mut html = String::new();
    for n in notices {
        let detail = n.detail();
        html.push_str(&format!(
            "<p>{}</p><details class=\"detail\"{}><summary>Details</summary><p>{}</p></details>",
            escape(&n.headline()),
            if detail.is_empty() { " hidden" } else { "" },
            escape(&detail)
        ));
    }
    html
}

/// The personal bests' heading and table, Theory Mode first: numbers and fixed words only.
fn bests_html(bests: &molscrab_engine::bests::Bests) -> String {
    let show = |n: Option<i32>| n.map_or("—".to_string(), |n| n.to_string());
    let mut html = String::from(
        "<h2 id=\"bests-h\">Personal bests</h2><table class=\"scores\"><thead><tr>\
<th>Solitaire</th><th>Best score</th><th>Best single play</th></tr></thead><tbody>",
    );
    for (mode, name, id) in [
        (Mode::Theory, "Theory Mode", "theory"),
        (Mode::Standard, "Standard Mode", "standard"),
    ] {
        let best = bests.get(mode);
        let score = match best.hinted {
            Some(h) => format!("{} (with hints: {h})", show(best.score)),
            None => show(best.score),
        };
        html.push_str(&format!(
            "<tr><td>{name}</td><td class=\"num\" data-testid=\"best-score-{id}\">{score}</td>\
<td class=\"num\">{}</td></tr>",
            show(best.play)
        ));
    }
    html + "</tbody></table>"
}

/// The options of a seat's player: a person (where `person`) or a computer level, by the
/// names players see; `chosen` is selected.
fn level_options(person: bool, chosen: Option<Level>) -> String {
    let mut html = String::new();
    if person {
        html.push_str("<option value=\"\" selected>Person</option>");
    }
    for level in Level::ALL {
        let hardness = match level {
            Level::Novice => "easy",
            Level::Greedy => "medium",
            Level::Expert => "hard",
        };
        html.push_str(&format!(
            "<option value=\"{}\"{}>{} ({hardness})</option>",
            level.code(),
            if Some(level) == chosen {
                " selected"
            } else {
                ""
            },
            level.name()
        ));
    }
    html
}

/// Pass and Play's four seats: a name and who plays it (a person or a computer level).
fn seats_html() -> String {
    (1..=4)
        .map(|n| {
            let placeholder = if n <= 2 { "Name" } else { "(optional)" };
            format!(
                "<div class=\"name-field\"><label><span>Player {n}</span><input type=\"text\" \
                 maxlength=\"40\" autocomplete=\"off\" placeholder=\"{placeholder}\" \
                 aria-label=\"Player {n}\"></label><select aria-label=\"Player {n} plays as\">{}\
                 </select></div>",
                level_options(true, None)
            )
        })
        .collect()
}

/// Against the computer: its level, and how many computer opponents.
fn solo_html() -> String {
    format!(
        "<label class=\"name-field\"><span>Opponent</span><select aria-label=\"Opponent\">{}\
         </select></label><label class=\"name-field\"><span>Opponents</span><select \
         aria-label=\"How many opponents\"><option selected>1</option><option>2</option>\
         <option>3</option></select></label>",
        level_options(false, Some(Level::Greedy))
    )
}

/// The values of the page's form fields matching `selector`, in page order.
fn field_values(selector: &str) -> Vec<String> {
    let Some(found) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector_all(selector).ok())
    else {
        return Vec::new();
    };
    (0..found.length())
        .filter_map(|i| found.item(i))
        .filter_map(|node| {
            js_sys::Reflect::get(&node, &"value".into())
                .ok()?
                .as_string()
        })
        .collect()
}

/// Where "Replace your saved game?" is asked: beside the button that led to it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Solitaire,
    PassAndPlay,
    Import,
    /// On a finished game's results, for its rematch.
    Rematch,
}

/// Whether the question is being asked at `place`: one closure type for every `hidden=`.
pub(super) fn asking(table: Store, place: Place) -> impl Fn() -> bool + Copy + Send + Sync {
    move || {
        table.read(|t| {
            t.replacing().is_some_and(|r| {
                place
                    == match (r.from_file, r.session.game().kind()) {
                        // a rematch asks on the results, which stay on screen meanwhile
                        _ if t.session().is_some() => Place::Rematch,
                        (true, _) => Place::Import,
                        (false, Kind::Solitaire) => Place::Solitaire,
                        (false, Kind::PassAndPlay) => Place::PassAndPlay,
                    }
            })
        })
    }
}

/// "Replace your saved game? It will be lost." Built once per place and hidden, like End
/// game's question.
#[component]
pub(super) fn ReplaceConfirm(place: Place) -> impl IntoView {
    let table = expect_context::<Store>();
    let asks = asking(table, place);
    let question = move || {
        table.read(|t| match t.replacing().map(|r| r.session.game().kind()) {
            Some(Kind::PassAndPlay) => "Replace your saved Pass and Play game? It will be lost.",
            _ => "Replace your saved Solitaire game? It will be lost.",
        })
    };
    view! {
        <div class="controls confirm" role="alertdialog" aria-label="Replace your saved game?" hidden=move || !asks()>
            <p>{question}</p>
            <button class="btn danger" on:click=table.on_tap_store(Store::confirm_replace)>
                {if place == Place::Import { "Open imported game" } else { "Start new game" }}
            </button>
            <button class="btn" on:click=table.on_tap_store(Store::keep_save)>
                "Keep it"
            </button>
        </div>
    }
}
