//! The Play tab: start, resume or import Solitaire and Pass and Play, the choice of referee,
//! personal bests, and own-device tables (their part in `ui/tables.rs`).
//!
//! The seats of Pass and Play and Against the computer are components whose fields feed
//! signals (`ui/seats.rs`). The rest is fixed markup and escaped HTML strings under the store's one
//! delegated click handler (`data-act`, `ui/action.rs`): what changes (the buttons a section
//! shows, its question, the messages, the bests) is a string each, rewritten only when it
//! changed.

use super::markup::{self, html, Html};
use super::Store;
use crate::session::against_computer;
use crate::table::Table;
use leptos::prelude::*;
use molscrab_engine::players::table_seats;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;

#[component]
pub fn PlayMenu() -> impl IntoView {
    let store = expect_context::<Store>();
    view! {
        // while a link from the address opens, the tab says so in place of its games
        // (`Table::opening_link`): a tap on one made a game the link's table then replaced
        <div class="menu" class:opening=store.table_flag(Table::opening_link) on:click=store.on_click(super::action::clicked)>
            <section class="card-panel opening-link" aria-labelledby="opening-h" inner_html=markup::fixed(html!(OPENING))></section>
            <div inner_html=markup::live(store.html(notices_html))></div>
            <div inner_html=markup::live(store.html(substances_html))></div>
            <fieldset class="referee" inner_html=markup::fixed(referee_choice(referee()))></fieldset>
            // folded: the boxes come from the engine's worker, and filling an open box would
            // push the page down as it loads
            <details class="variants">
                <summary>"Table variants"</summary>
                <fieldset inner_html=markup::live(store.html(super::daily::variants_html))></fieldset>
            </details>
            <div class="cards">
                <section class="card-panel" aria-labelledby="solo-h">
                    <div inner_html=markup::fixed(html!(SOLITAIRE))></div>
                    <div inner_html=markup::live(store.html(solitaire_controls))></div>
                </section>
                <section class="card-panel" aria-labelledby="pnp-h">
                    <div><super::seats::PassAndPlaySeats /></div>
                    <div inner_html=markup::live(store.html(pass_and_play_controls))></div>
                </section>
            </div>
            // the sections under the cards show once they are written (`Store::lower_sections_ready`): shown
            // as they filled, the ones already written moved down on a wide screen (CLS)
            <div class="below" hidden=move || !store.lower_sections_ready()>
            <section class="card-panel daily" aria-labelledby="daily-h" inner_html=markup::live(store.html(super::daily::section_html))></section>
            // own-device tables (ui/tables.rs): the form written once, the list by the worker;
            // right after the two cards, so a device's tables are found without a long scroll
            <section class="card-panel tables" aria-labelledby="tables-h">
                <div inner_html=markup::fixed(html!(super::tables::FORM))></div>
                <div inner_html=markup::live(store.html(super::tables::list_html))></div>
            </section>
            <section class="card-panel" aria-labelledby="computer-h">
                <div><super::seats::ComputerSeats /></div>
                <div inner_html=markup::live(store.html(computer_controls))></div>
            </section>
            <section class="card-panel" aria-labelledby="import-h">
                <div inner_html=markup::fixed(html!(IMPORT))></div>
                <div inner_html=markup::live(store.html(import_part))></div>
            </section>
            // the whole section one string (numbers and fixed words only), set whole
            <section class="card-panel bests" aria-labelledby="bests-h" inner_html=markup::live(store.html(bests_section))></section>
            </div>
        </div>
    }
}

// Thread-locals, not signals: none of these is shown by itself. They are the Play tab's memory
// of what the player did to markup the tab rebuilds (which card asked, the box's tick, which
// Details are open), read when it is written again.
thread_local! {
    /// Whether the last new Pass and Play slot game was asked for from the Against the
    /// computer card: "Replace your saved game?" is asked there.
    static FROM_COMPUTER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The referee chosen when last tapped (read from the stored preference first): the Play
    /// tab is built again after every game, and shows it as the player left it.
    static REFEREE: std::cell::Cell<Option<Mode>> = const { std::cell::Cell::new(None) };
    /// Which of the notices' Details are open (bit k for the k-th notice): they are written
    /// again when the engine's sentence comes in (a moment after the page opens), and on other
    /// redraws, and each must stay as the reader left it.
    static DETAILS_OPEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The referee chosen on the Play tab: as last tapped, else as stored, else Theory Mode.
pub fn referee() -> Mode {
    if let Some(mode) = REFEREE.get() {
        return mode;
    }
    let mode = crate::storage::referee_preference(&crate::storage::LocalShelf::open());
    REFEREE.set(Some(mode));
    mode
}

/// The referees as the Play tab offers them, strictest first: its button's `data-act` and
/// what it accepts (its name is the engine's, [`Mode::name`]).
const REFEREES: [(Mode, &str, &str); 3] = [
    (
        Mode::Standard,
        "referee-standard",
        "the reference card's 42 formulas, in the card's order",
    ),
    (
        Mode::Chemist,
        "referee-chemist",
        "thousands of real compounds, each in a chemist's order",
    ),
    (
        Mode::Theory,
        "referee-theory",
        "any molecule you could draw, in any order",
    ),
];

/// The choice of referee, `chosen` checked: a radio group (arrow keys move within it).
fn referee_choice(chosen: Mode) -> Html {
    let mut html = html!("<legend>Referee</legend>");
    for (mode, act, accepts) in REFEREES {
        let checked = if mode == chosen {
            Html::lit(" checked")
        } else {
            Html::new()
        };
        html.push(&html!(
            "<label><input type=\"radio\" name=\"referee\" value={} \
             data-act={}{}> {} <span class=\"hint\">— {}</span></label>",
            mode.code(),
            act,
            checked,
            mode.name(),
            accepts
        ));
    }
    html
}

const SOLITAIRE: &str = "<h2 id=\"solo-h\">Solitaire</h2><p>Practise at your own bench: score \
    as much as you can from one bag, with three exchanges.</p>";

const OPENING: &str = "<h2 id=\"opening-h\">Opening the table link…</h2><p role=\"status\">\
    Reading the link beside this device's tables: a moment, a little longer the first time.</p>\
    <button class=\"btn quiet\" data-act=\"show-play\">Show the Play tab instead</button><p \
    class=\"hint\">The link is then not opened: open it again where you got it.</p>";

const IMPORT: &str = "<h2 id=\"import-h\">Import a game</h2><p>Open a game saved with Export \
    game (a .json file). It becomes your saved game of its kind.</p>";

/// Start solitaire, under the referee chosen.
pub(super) fn start_solitaire(store: Store) {
    store.start_solitaire(referee());
}

/// Start pass and play with the seats as chosen (`Store::seats`); a refusal of the names is
/// said below them (and focus stays). True when a game was started.
pub(super) fn start_pass_and_play(store: Store) -> bool {
    FROM_COMPUTER.set(false);
    let seats = store.seats();
    let names = seats.names.map(|name| name.get_untracked());
    let levels = seats.levels.map(|level| level.get_untracked());
    let chosen = table_seats(&names, &levels);
    seats
        .refused
        .set(chosen.as_ref().err().map(ToString::to_string));
    let Ok((players, computers)) = chosen else {
        return false;
    };
    store.start_pass_and_play(referee(), players, computers);
    true
}

/// Play the computer: the level and the number of opponents chosen (`Store::seats`).
pub(super) fn play_computer(store: Store) {
    FROM_COMPUTER.set(true);
    let seats = store.seats();
    let mut levels = vec![None];
    levels.resize(
        1 + seats.opponents.get_untracked().clamp(1, 3),
        Some(seats.opponent.get_untracked()),
    );
    if let Ok((players, computers)) = table_seats(&["You", "", "", ""], &levels) {
        store.start_pass_and_play(referee(), players, computers);
    }
}

/// A file was chosen in Import's file button (`App`'s `change` listener): it is read and imported.
pub(super) fn import_chosen_file(store: Store, input: &web_sys::HtmlInputElement) {
    super::transfer::read_chosen_file(input, move |name, text| {
        store.import(&name, text);
        super::focus::restore_after_tap();
    });
}

/// A referee was chosen: kept for the next visit, and the variants' boxes and the Daily Bench
/// follow it.
pub(super) fn referee_chosen(store: Store, mode: Mode) {
    REFEREE.set(Some(mode));
    // a preference: a browser that keeps nothing only forgets it
    let _ = crate::storage::keep_referee_preference(&mut crate::storage::LocalShelf::open(), mode);
    store.table_signal().notify();
}

/// The table of documented substances loading, or why it could not be had.
fn substances_html(store: Store) -> Html {
    match store.read(Table::substances_said) {
        Some((false, said)) => html!("<p class=\"notice\" role=\"status\">{}</p>", said),
        Some((true, said)) => html!("<p class=\"notice refused\" role=\"alert\">{}</p>", said),
        None => Html::new(),
    }
}

/// A notice's Details opened or closed (the browser toggles it): kept when written again.
pub(super) fn detail_toggled(k: u8) {
    DETAILS_OPEN.set(DETAILS_OPEN.get() ^ 1 << (k & 31));
}

/// Dismiss the notices.
pub(super) fn dismiss(store: Store) {
    DETAILS_OPEN.set(0);
    store.dismiss_notices()
}

/// The notices as one escaped string: what it means first, the reader's words behind
/// "Details", and Dismiss; empty when there are none.
fn notices_html(store: Store) -> Html {
    let (notices, refused) = store.read(|t| {
        let notices: Vec<(String, String)> = t
            .notices()
            .iter()
            .map(|n| (n.headline(), n.detail()))
            .collect();
        let refused = t.notices().iter().filter_map(|n| n.refused_text());
        (notices, refused.map(str::to_string).collect::<Vec<_>>())
    });
    if notices.is_empty() {
        return Html::new();
    }
    // saves the engine refused: its worker says why (asked outside the store's read), and its
    // sentences are text like the rest, escaped below
    let details: Vec<String> = notices.iter().map(|(_, detail)| detail.clone()).collect();
    let details = super::tables::fill_why(store, &details, &refused, false);
    notices_markup(&notices, &details, DETAILS_OPEN.get())
}

/// The notices (headline and detail, text) with their `details` (the detail with the engine's
/// sentences put in), those whose bit is set in `open` unfolded.
fn notices_markup(notices: &[(String, String)], details: &[String], open: usize) -> Html {
    let mut html = html!("<div class=\"notice refused\" role=\"alert\">");
    for (k, ((headline, _), detail)) in notices.iter().zip(details).enumerate() {
        let hidden = if detail.is_empty() { " hidden" } else { "" };
        let open = if open >> (k & 31) & 1 == 1 {
            " open"
        } else {
            ""
        };
        html.push(&html!(
            "<p>{}</p><details class=\"detail\"{}{}><summary data-act=\"detail{}\">Details</summary><p>{}</p></details>",
            headline,
            Html::lit(hidden),
            Html::lit(open),
            k,
            detail
        ));
    }
    html.push_lit("<button class=\"btn quiet\" data-act=\"dismiss\">Dismiss</button></div>");
    html
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
        // beside the button tapped: "Play the computer" asks in its own card, not in the
        // Pass and Play card above it
        (false, Kind::PassAndPlay) if FROM_COMPUTER.get() => Place::Computer,
        (false, Kind::PassAndPlay) => Place::PassAndPlay,
    })
}

/// "Replace your saved game? It will be lost." with its two answers, as asked at `place`.
pub(super) fn question_html(t: &Table, place: Place) -> Option<Html> {
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
    Some(html!(
        "<div class=\"controls confirm\" role=\"alertdialog\" aria-label=\"Replace your saved \
         game?\"><p>Replace your saved {}? It will be lost.</p><button class=\"btn \
         danger\" data-act=\"replace\">{}</button><button class=\"btn\" \
         data-act=\"keep-save\">Keep it</button></div>",
        what,
        yes
    ))
}

/// A section's buttons, or the question asked there instead.
fn controls(store: Store, place: Place, buttons: Html) -> Html {
    store.read(|t| {
        question_html(t, place)
            .unwrap_or_else(|| html!("<div class=\"controls\">{}</div>", buttons))
    })
}

fn solitaire_controls(store: Store) -> Html {
    // read first: reading a slot may name an unreadable save, a change to the table
    let resume = match store.saved(Kind::Solitaire) {
        Some(_) => {
            html!("<button class=\"btn\" data-act=\"resume-solitaire\">Resume game</button>")
        }
        None => Html::new(),
    };
    let start =
        html!("<button class=\"btn primary\" data-act=\"solitaire\">Start solitaire</button>");
    controls(store, Place::Solitaire, html!("{}{}", start, resume))
}

/// The Pass and Play slot's Resume, with its players, on the card its game belongs to: a
/// game against the computer is resumed from that card, never offered as Pass and Play.
fn resume_shared(store: Store, computer: bool, label: &str) -> Html {
    match store.saved(Kind::PassAndPlay) {
        Some(r) if against_computer(&r.game) == computer => html!(
            "<button class=\"btn\" data-act=\"resume-pnp\">{}</button><span \
             class=\"hint\">{}</span>",
            label,
            r.game.players().join(", ")
        ),
        _ => Html::new(),
    }
}

fn pass_and_play_controls(store: Store) -> Html {
    let resume = resume_shared(store, false, "Resume pass and play");
    let start = html!(
        "<button class=\"btn primary\" data-act=\"pass-and-play\">Start pass and play</button>"
    );
    controls(store, Place::PassAndPlay, html!("{}{}", start, resume))
}

fn computer_controls(store: Store) -> Html {
    let resume = resume_shared(store, true, "Resume game");
    let start =
        html!("<button class=\"btn primary\" data-act=\"computer\">Play the computer</button>");
    controls(store, Place::Computer, html!("{}{}", start, resume))
}

/// Import's file button (a file chosen is read by `App`'s `change` listener), or its question;
/// and why a file could not be read.
fn import_part(store: Store) -> Html {
    let (question, said, file) = store.read(|t| {
        let said = t.import_error().map(|e| e.to_string());
        let file = t.import_error().and_then(|e| e.refused.clone());
        (question_html(t, Place::Import), said, Vec::from_iter(file))
    });
    let controls = match question {
        Some(_) => Html::new(),
        None => html!(
            "<div class=\"controls\"><label class=\"btn file\">Choose a file…<input \
             type=\"file\" accept=\".json,application/json\" aria-label=\"Import a game \
             from a file\"></label></div>"
        ),
    };
    // a file the engine refused: its worker says why (asked outside the store's read), in
    // text escaped like the rest of the refusal
    let refused = said
        .map(|said| refusal_html(&super::tables::fill_why(store, &[said], &file, true).concat()));
    html!(
        "{}{}{}",
        controls,
        refused.unwrap_or_default(),
        question.unwrap_or_default()
    )
}

/// A refusal beside what was tried (an import, the seats' names): text, shown as text.
pub(super) fn refusal_html(said: &str) -> Html {
    html!("<p class=\"notice refused\" role=\"alert\">{}</p>", said)
}

/// The bests' section, once the sections under the cards may be written (`Store::lower_sections_ready`).
fn bests_section(store: Store) -> Html {
    if !store.lower_sections_ready() {
        return Html::new();
    }
    store.read(|t| bests_html(t.bests_text()))
}

/// The personal bests' heading and table, Theory Mode first: numbers and fixed words only.
fn bests_html(text: Option<&str>) -> Html {
    use molscrab_json::Value;
    // the stored text, read as the engine reads what it can (its worker checks, raises and
    // writes it: `crates/worker`'s `bests`); what does not read is "no best yet"
    let bests = text.and_then(|t| molscrab_json::parse(t).ok());
    let number = |best: Option<&Value>, key: &str| {
        let n = best.and_then(|b| b.get(key)).and_then(Value::as_i64);
        n.and_then(|n| i32::try_from(n).ok())
    };
    let show = |n: Option<i32>| n.map_or("—".to_string(), |n| n.to_string());
    let mut html = html!(
        "<h2 id=\"bests-h\">Personal bests</h2><table class=\"scores\"><thead><tr>\
<th>Solitaire</th><th>Best score</th><th>Best single play</th></tr></thead><tbody>"
    );
    for mode in [Mode::Theory, Mode::Chemist, Mode::Standard] {
        let (name, id) = (mode.name(), mode.code());
        let best = bests.as_ref().and_then(|b| b.get(id));
        let score = number(best, "score");
        let score = match number(best, "hinted") {
            Some(h) => format!("{} (with hints: {h})", show(score)),
            None => show(score),
        };
        html.push(&html!(
            "<tr><td>{}</td><td class=\"num\" data-testid=\"best-score-{}\">{}</td>\
<td class=\"num\">{}</td></tr>",
            name,
            id,
            score,
            show(number(best, "play"))
        ));
    }
    html.push_lit("</tbody></table>");
    html
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::storage::with_worker_why;
    use crate::transfer::read_import;

    const HOSTILE: &str =
        "<a href=\\\"https://example.invalid/\\\">Restore your game</a><img src=x>";

    /// A file whose every refusal echoes markup: in its format, kind, a tile's symbol (in the
    /// bag, in a play), a variant's code, a repeated key.
    fn crafted() -> Vec<String> {
        let game = |format: &str, kind: &str, extra: &str| {
            format!(
                "{{\"format\":\"{format}\",\"kind\":\"{kind}\",\"theory\":true,\
                 \"players\":[\"You\"],\"first\":0,\"seed\":1,\"moves\":[]{extra}}}"
            )
        };
        vec![
            game(HOSTILE, "solitaire", ""),
            game("molscrab-game/1", HOSTILE, ""),
            game(
                "molscrab-game/1",
                "solitaire",
                ",\"bag\":[\"H\",\"<img src=x>\"]",
            ),
            game(
                "molscrab-game/1",
                "solitaire",
                ",\"variants\":[\"<a href=x>Restore</a>\"]",
            ),
            game(
                "molscrab-game/1",
                "solitaire",
                ",\"<img src=x>\":1,\"<img src=x>\":2",
            ),
            game("molscrab-game/1", "solitaire", "").replace(
                "\"moves\":[]",
                "\"moves\":[{\"play\":[{\"row\":7,\"col\":7,\"el\":\"<img src=x>\"}]}]",
            ),
        ]
    }

    #[test]
    fn markup_in_a_refused_file_is_shown_as_text() {
        for text in crafted() {
            let e = read_import(&text).expect_err(&text).to_string();
            let said = with_worker_why(&e, &[&text], true);
            // the engine's sentence echoes what the file held
            assert!(
                said.contains("<img") || said.contains("<a href") || said.contains("<IMG"),
                "the refusal names the field: {said}"
            );
            let shown = refusal_html(&said).into_string();
            let tags: Vec<&str> = shown
                .match_indices('<')
                .map(|(at, _)| &shown[at..])
                .collect();
            assert!(
                tags.iter()
                    .all(|t| t.starts_with("<p ") || t.starts_with("</p>")),
                "only the refusal's own tags: {shown}"
            );
            assert!(shown.contains("&lt;"), "{shown}");
        }
    }

    #[test]
    fn each_referee_offered_is_its_own_action_and_one_is_checked() {
        use super::super::action::Action;
        for (mode, act, _) in REFEREES {
            assert_eq!(Action::from_code(act), Some(Action::Referee(mode)), "{act}");
        }
        for chosen in [Mode::Standard, Mode::Chemist, Mode::Theory] {
            let html = referee_choice(chosen).into_string();
            assert_eq!(html.matches("type=\"radio\"").count(), 3, "{html}");
            assert_eq!(html.matches(" checked").count(), 1, "{html}");
            // the box checked is the chosen one's (its `data-act` ends with its code)
            let at = html.find(" checked").unwrap();
            let act = format!("-{}\"", chosen.code());
            assert!(html[..at].ends_with(&act), "{html}");
            assert!(html.starts_with("<legend>Referee</legend>"), "{html}");
        }
    }

    #[test]
    fn markup_in_a_notice_is_shown_as_text() {
        let notices = vec![(format!("Your save {HOSTILE}"), format!("detail {HOSTILE}"))];
        let shown = notices_markup(&notices, &[notices[0].1.clone()], 0).into_string();
        assert!(!shown.contains("<a ") && !shown.contains("<img"), "{shown}");
        assert_eq!(shown.matches("&lt;img src=x&gt;").count(), 2, "{shown}");
    }
}
