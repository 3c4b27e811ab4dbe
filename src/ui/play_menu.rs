//! The Play tab: start, resume or import Solitaire and Pass and Play, Theory Mode, personal
//! bests, and own-device tables (their part in `ui/tables.rs`).
//!
//! Fixed markup and escaped HTML strings under the store's one delegated click handler type
//! (`data-act`): the fields are written once and read when a button is tapped, and what
//! changes (the buttons a section shows, its question, the messages, the bests) is a string
//! each, rewritten only when it changed. Far less wasm than a view per button.

use super::dom::{field_values, set_html, ticked};
use super::Store;
use crate::session::against_computer;
use crate::table::Table;
use leptos::prelude::*;
use molscrab_engine::computer::Level;
use molscrab_engine::markup::escape;
use molscrab_engine::players::table_seats;
use molscrab_engine::record::Kind;

#[component]
pub fn PlayMenu() -> impl IntoView {
    let table = expect_context::<Store>();
    view! {
        // while a link from the address opens, the tab says so in place of its games
        // (`Table::opening_link`): a tap on one made a game the link's table then replaced
        <div class="menu" class:opening=table.table_flag(Table::opening_link) on:click=table.on_click(clicked)>
            <section class="card-panel opening-link" aria-labelledby="opening-h" inner_html=OPENING></section>
            <div inner_html=table.html(notices_html)></div>
            <div class="theory-box" inner_html=theory_box()></div>
            // folded: the boxes come from the engine's worker, and filling an open box would
            // push the page down as it loads
            <details class="variants">
                <summary>"Table variants"</summary>
                <fieldset inner_html=table.html(super::daily::variants_html)></fieldset>
            </details>
            <div class="cards">
                <section class="card-panel" aria-labelledby="solo-h">
                    <div inner_html=SOLITAIRE></div>
                    <div inner_html=table.html(solitaire_controls)></div>
                </section>
                <section class="card-panel" aria-labelledby="pnp-h">
                    <div inner_html=pass_and_play()></div>
                    <div inner_html=table.html(pass_and_play_controls)></div>
                </section>
            </div>
            // the sections under the cards show once they are written (`Store::below`): shown
            // as they filled, the ones already written moved down on a wide screen (CLS)
            <div class="below" hidden=move || !table.below()>
            <section class="card-panel daily" aria-labelledby="daily-h" inner_html=table.html(super::daily::section_html)></section>
            // own-device tables (ui/tables.rs): the form written once, the list by the worker;
            // right after the two cards, so a device's tables are found without a long scroll
            <section class="card-panel tables" aria-labelledby="tables-h">
                <div inner_html=super::tables::FORM></div>
                <div inner_html=table.html(super::tables::list_html)></div>
            </section>
            <section class="card-panel" aria-labelledby="computer-h">
                <div inner_html=computer()></div>
                <div inner_html=table.html(computer_controls)></div>
            </section>
            <section class="card-panel" aria-labelledby="import-h">
                <div inner_html=IMPORT></div>
                <div inner_html=table.html(import_part)></div>
            </section>
            // the whole section one string (numbers and fixed words only), set whole
            <section class="card-panel bests" aria-labelledby="bests-h" inner_html=table.html(bests_section)></section>
            </div>
        </div>
    }
}

thread_local! {
    /// Whether the last new Pass and Play slot game was asked for from the Against the
    /// computer card: "Replace your saved game?" is asked there.
    static FROM_COMPUTER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Whether the Theory Mode box was ticked when last tapped: the Play tab is built again
    /// after every game, and shows it as the player left it.
    static THEORY_TICKED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
    /// Which of the notices' Details are open (bit k for the k-th notice): they are written
    /// again when the engine's sentence comes in (a moment after the page opens), and on other
    /// redraws, and each must stay as the reader left it.
    static DETAILS_OPEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The Theory Mode box, ticked or not (`$checked`): two whole strings, no formatting code.
macro_rules! theory_box {
    ($checked:literal) => {
        concat!(
            "<label class=\"theory\"><input type=\"checkbox\"",
            $checked,
            " data-act=\"theory\"> Theory Mode <span class=\"hint\">— any molecule you could \
             draw counts, in any order. Off: Standard Mode, the 42 card formulas in card \
             order.</span></label>"
        )
    };
}

fn theory_box() -> &'static str {
    if THEORY_TICKED.get() {
        theory_box!(" checked")
    } else {
        theory_box!("")
    }
}

const SOLITAIRE: &str = "<h2 id=\"solo-h\">Solitaire</h2><p>Practise at your own bench: score \
    as much as you can from one bag, with three exchanges.</p>";

const OPENING: &str = "<h2 id=\"opening-h\">Opening the table link…</h2><p role=\"status\">\
    Reading the link beside this device's tables: a moment, a little longer the first time.</p>\
    <button class=\"btn quiet\" data-act=\"show-play\">Show the Play tab instead</button><p \
    class=\"hint\">The link is then not opened: open it again where you got it.</p>";

const IMPORT: &str = "<h2 id=\"import-h\">Import a game</h2><p>Open a game saved with Export \
    game (a .json file). It becomes your saved game of its kind.</p>";

/// A tap on the Play tab: its `data-act` names what to do (the tables' own, and their
/// `data-open` and `data-remove-yes`, go to `ui/tables.rs`).
fn clicked(table: Store, ev: &leptos::ev::MouseEvent) {
    let Some(action) = super::card::data_of(ev, "data-act") else {
        return super::tables::clicked(table, ev);
    };
    let theory = || ticked(".menu .theory input");
    match action.as_str() {
        "solitaire" => table.start_solitaire(theory()),
        "resume-solitaire" => table.resume(Kind::Solitaire),
        "resume-pnp" => table.resume(Kind::PassAndPlay),
        "pass-and-play" => {
            FROM_COMPUTER.set(false);
            // the form is plain markup: its fields are read when Start is tapped
            let inputs = field_values(".pnp-seats input");
            let seats: Vec<Option<Level>> = field_values(".pnp-seats select")
                .iter()
                .map(|code| Level::from_code(code).ok())
                .collect();
            match table_seats(&inputs, &seats) {
                Ok((players, computers)) => table.start_pass_and_play(theory(), players, computers),
                Err(e) => {
                    let said = format!(
                        "<p class=\"notice refused\" role=\"alert\">{}</p>",
                        escape(&e.to_string())
                    );
                    return set_html(".pnp-error", &said);
                }
            }
        }
        "computer" => {
            FROM_COMPUTER.set(true);
            let chosen = field_values(".solo-seats select");
            let opponent = chosen.first().and_then(|code| Level::from_code(code).ok());
            let count = chosen
                .get(1)
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(1);
            let mut seats = vec![None];
            seats.resize(1 + count.clamp(1, 3), opponent);
            if let Ok((players, computers)) = table_seats(&["You", "", "", ""], &seats) {
                table.start_pass_and_play(theory(), players, computers);
            }
        }
        // a file chosen: `public/sw-register.js` taps the hidden import button on its change
        "import" => {
            use wasm_bindgen::JsCast;
            if let Some(input) = super::dom::find(".menu input[type=file]") {
                let input = input.unchecked_into::<web_sys::HtmlInputElement>();
                super::transfer::read_chosen_file(&input, move |name, text| {
                    table.import(&name, text);
                    super::focus::mend();
                });
            }
            return;
        }
        // the mode changed: the variants' boxes and the Daily Bench follow it
        "theory" => {
            THEORY_TICKED.set(theory());
            return table.table_signal().notify();
        }
        "daily" => return super::daily::begin(table, super::daily::mode()),
        // a notice's Details opened or closed (the browser toggles it): kept when written again
        a if a.starts_with("detail") => {
            let k = a[6..].parse::<usize>().unwrap_or(0);
            return DETAILS_OPEN.set(DETAILS_OPEN.get() ^ 1 << (k & 31));
        }
        "dismiss" => {
            DETAILS_OPEN.set(0);
            table.dismiss_notices()
        }
        // the link's answer, when it comes, is dropped: the player went on without it
        "show-play" => table.update(Table::stop_opening_link),
        "replace" => table.confirm_replace(),
        "keep-save" => table.keep_save(),
        _ => return super::tables::clicked(table, ev),
    }
    super::focus::mend();
}

/// The notices as one escaped string: what it means first, the reader's words behind
/// "Details", and Dismiss; empty when there are none.
fn notices_html(table: Store) -> String {
    let (said, refused) = table.read(|t| {
        if t.notices().is_empty() {
            return (String::new(), Vec::new());
        }
        let mut html = String::from("<div class=\"notice refused\" role=\"alert\">");
        for (k, n) in t.notices().iter().enumerate() {
            let detail = n.detail();
            html.push_str(&format!(
                "<p>{}</p><details class=\"detail\"{}{}><summary data-act=\"detail{k}\">Details</summary><p>{}</p></details>",
                escape(&n.headline()),
                if detail.is_empty() { " hidden" } else { "" },
                if DETAILS_OPEN.get() >> (k & 31) & 1 == 1 { " open" } else { "" },
                escape(&detail)
            ));
        }
        let refused = t.notices().iter().filter_map(|n| n.refused_text());
        let html = html + "<button class=\"btn quiet\" data-act=\"dismiss\">Dismiss</button></div>";
        (html, refused.map(str::to_string).collect())
    });
    // saves the engine refused: its worker says why (asked outside the store's read)
    super::tables::fill_why(table, &said, &refused, false)
}

/// Where "Replace your saved game?" is asked: beside the button that led to it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Solitaire,
    PassAndPlay,
    /// Against the computer (a Pass and Play game in its record and slot).
    Computer,
    Import,
    /// On a finished game's results, for its rematch.
    Rematch,
}

/// Where the question is being asked, if it is.
pub(super) fn asked_at(t: &Table) -> Option<Place> {
    let r = t.replacing()?;
    Some(match (r.from_file, r.session.game().kind()) {
        // a rematch asks on the results, which stay on screen meanwhile
        _ if t.session().is_some() => Place::Rematch,
        (true, _) => Place::Import,
        (false, Kind::Solitaire) => Place::Solitaire,
        // beside the button tapped (QA: "Play the computer" asked in the card above it)
        (false, Kind::PassAndPlay) if FROM_COMPUTER.get() => Place::Computer,
        (false, Kind::PassAndPlay) => Place::PassAndPlay,
    })
}

/// "Replace your saved game? It will be lost." with its two answers, as asked at `place`.
pub(super) fn question_html(t: &Table, place: Place) -> Option<String> {
    if asked_at(t) != Some(place) {
        return None;
    }
    let r = t.replacing()?;
    // the saved game by what the Play tab calls it
    let what = match r.session.game().kind() {
        Kind::PassAndPlay if r.saved_against_computer => "game against the computer",
        Kind::PassAndPlay => "Pass and Play game",
        Kind::Solitaire => "Solitaire game",
    };
    let yes = match place {
        Place::Import => "Open imported game",
        _ => "Start new game",
    };
    Some(format!(
        "<div class=\"controls confirm\" role=\"alertdialog\" aria-label=\"Replace your saved \
         game?\"><p>Replace your saved {what}? It will be lost.</p><button class=\"btn \
         danger\" data-act=\"replace\">{yes}</button><button class=\"btn\" \
         data-act=\"keep-save\">Keep it</button></div>"
    ))
}

/// A section's buttons, or the question asked there instead.
fn controls(table: Store, place: Place, buttons: &str) -> String {
    table.read(|t| {
        question_html(t, place)
            .unwrap_or_else(|| format!("<div class=\"controls\">{buttons}</div>"))
    })
}

fn solitaire_controls(table: Store) -> String {
    // read first: reading a slot may name an unreadable save, a change to the table
    let resume = match table.saved(Kind::Solitaire) {
        Some(_) => "<button class=\"btn\" data-act=\"resume-solitaire\">Resume game</button>",
        None => "",
    };
    let start = "<button class=\"btn primary\" data-act=\"solitaire\">Start solitaire</button>";
    controls(table, Place::Solitaire, &format!("{start}{resume}"))
}

/// The Pass and Play slot's Resume, with its players, on the card its game belongs to: a
/// game against the computer is resumed from that card (QA: it was offered as Pass and Play).
fn resume_shared(table: Store, computer: bool, label: &str) -> String {
    match table.saved(Kind::PassAndPlay) {
        Some(r) if against_computer(&r.game) == computer => format!(
            "<button class=\"btn\" data-act=\"resume-pnp\">{label}</button><span \
             class=\"hint\">{}</span>",
            escape(&r.game.players().join(", "))
        ),
        _ => String::new(),
    }
}

fn pass_and_play_controls(table: Store) -> String {
    let resume = resume_shared(table, false, "Resume pass and play");
    let start = "<button class=\"btn primary\" data-act=\"pass-and-play\">Start pass and \
        play</button>";
    controls(table, Place::PassAndPlay, &format!("{start}{resume}"))
}

fn computer_controls(table: Store) -> String {
    let resume = resume_shared(table, true, "Resume game");
    let start = "<button class=\"btn primary\" data-act=\"computer\">Play the computer</button>";
    controls(table, Place::Computer, &format!("{start}{resume}"))
}

/// Import's file button (a file chosen taps its hidden `import` button: the change is seen by
/// `public/sw-register.js`), or its question; and why a file could not be read.
fn import_part(table: Store) -> String {
    let (said, refused) = table.read(|t| {
        let question = question_html(t, Place::Import);
        let controls = match question {
            Some(_) => "",
            None => {
                "<div class=\"controls\"><label class=\"btn file\">Choose a file…<input \
                 type=\"file\" accept=\".json,application/json\" aria-label=\"Import a game \
                 from a file\"></label><button hidden data-act=\"import\"></button></div>"
            }
        };
        let refused = t.import_error().map(|e| {
            format!(
                "<p class=\"notice refused\" role=\"alert\">{}</p>",
                escape(&e.to_string())
            )
        });
        let html = format!(
            "{controls}{}{}",
            refused.unwrap_or_default(),
            question.unwrap_or_default()
        );
        let file = t.import_error().and_then(|e| e.refused.clone());
        (html, Vec::from_iter(file))
    });
    // a file the engine refused: its worker says why (asked outside the store's read)
    super::tables::fill_why(table, &said, &refused, true)
}

/// The bests' section, once the sections under the cards may be written (`Store::below`).
fn bests_section(table: Store) -> String {
    if !table.below() {
        return String::new();
    }
    table.read(|t| bests_html(t.bests_text()))
}

/// The personal bests' heading and table, Theory Mode first: numbers and fixed words only.
fn bests_html(text: Option<&str>) -> String {
    use molscrab_json::Value;
    // the stored text, read as the engine reads what it can (its worker checks, raises and
    // writes it: `crates/worker`'s `bests`); what does not read is "no best yet"
    let bests = text.and_then(|t| molscrab_json::parse(t).ok());
    let number = |best: Option<&Value>, key: &str| {
        let n = best.and_then(|b| b.get(key)).and_then(Value::as_i64);
        n.and_then(|n| i32::try_from(n).ok())
    };
    let show = |n: Option<i32>| n.map_or("—".to_string(), |n| n.to_string());
    let mut html = String::from(
        "<h2 id=\"bests-h\">Personal bests</h2><table class=\"scores\"><thead><tr>\
<th>Solitaire</th><th>Best score</th><th>Best single play</th></tr></thead><tbody>",
    );
    for (name, id) in [("Theory Mode", "theory"), ("Standard Mode", "standard")] {
        let best = bests.as_ref().and_then(|b| b.get(id));
        let score = number(best, "score");
        let score = match number(best, "hinted") {
            Some(h) => format!("{} (with hints: {h})", show(score)),
            None => show(score),
        };
        html.push_str(&format!(
            "<tr><td>{name}</td><td class=\"num\" data-testid=\"best-score-{id}\">{score}</td>\
<td class=\"num\">{}</td></tr>",
            show(number(best, "play"))
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

/// Pass and Play's heading and four seats: a name and who plays it (a person or a computer
/// level); a refusal of the names shows below them.
fn pass_and_play() -> String {
    let seats: String = (1..=4)
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
        .collect();
    format!(
        "<h2 id=\"pnp-h\">Pass and Play</h2><p>2–4 players share this device; players 3 and 4 \
         may stay blank, and any seat may be a computer player.</p><div class=\"names \
         pnp-seats\">{seats}</div><div class=\"pnp-error\"></div>"
    )
}

/// Against the computer: its level, and how many computer opponents.
fn computer() -> String {
    format!(
        "<h2 id=\"computer-h\">Against the computer</h2><p>You against one to three computer \
         players, who move by themselves. Hints are allowed.</p><div class=\"names \
         solo-seats\"><label class=\"name-field\"><span>Opponent</span><select \
         aria-label=\"Opponent\">{}</select></label><label class=\"name-field\"><span>Opponents\
         </span><select aria-label=\"How many opponents\"><option selected>1</option><option>2\
         </option><option>3</option></select></label></div>",
        level_options(false, Some(Level::Greedy))
    )
}
