//! The How to play and Reference card pages as HTML, written from the engine's constants and
//! shipped as files in `public/lazy/` (fetched when their tab first opens, `ui::page`), so their
//! text is not part of the first load. A test keeps the committed files equal to what this writes.
//! Written as [`Html`], as every page markup is: text from the engine is escaped on the way in.

use molscrab_engine::display;
use molscrab_engine::elements::{Element, Tile, RACK_SIZE, WILD_COUNT};
use molscrab_engine::game::SOLITAIRE_EXCHANGES;
use molscrab_engine::html;
use molscrab_engine::level::Level;
use molscrab_engine::markup::Html;
use molscrab_engine::rank::Rank;
use molscrab_engine::referee::chemist::Edition;
use molscrab_engine::referee::{Mode, CARD, STARTERS};
use molscrab_engine::scoring::{CLEAN_BENCH, FULL_REACTION};
use molscrab_engine::variants::Variant;

/// A page's file name in `public/lazy/` and the function that writes it.
pub type Page = (&'static str, fn() -> Html);

/// The pages fetched later.
pub const PAGES: [Page; 2] = [("rules.html", rules_html), ("card.html", card_html)];

/// "Lab Assistant (below 75), Lab Technician (75–149), …, Nobel Laureate (350+)", from the
/// engine's ranks.
fn ranks() -> String {
    let mut text = String::new();
    for rank in Rank::ALL {
        let band = match (rank.threshold(), rank.next()) {
            (i32::MIN, Some((_, next))) => format!("below {next}"),
            (from, Some((_, next))) => format!("{from}–{}", next - 1),
            (from, None) => format!("{from}+"),
        };
        if !text.is_empty() {
            text.push_str(", ");
        }
        text.push_str(&format!("{} ({band})", rank.name()));
    }
    text
}

/// "helium and neon": the elements that form no bonds, from the engine.
fn inert_names() -> String {
    let names: Vec<String> = Element::ALL
        .into_iter()
        .filter(|e| !e.forms_bonds())
        .map(|e| e.name().to_ascii_lowercase())
        .collect();
    names.join(" and ")
}

/// "one", "two", "three" … for the small counts the rules name.
fn in_words(n: u8) -> &'static str {
    ["no", "one", "two", "three", "four", "five", "six", "seven"]
        .get(usize::from(n))
        .copied()
        .unwrap_or("several")
}

/// How to play as HTML, its numbers and the variants' lines from the engine. It holds only our
/// own text and the engine's.
pub fn rules_html() -> Html {
    let cards = CARD.len();
    let exchanges = in_words(SOLITAIRE_EXCHANGES);
    let mut html = html!(
        "<h2>How to play</h2>\
<p>Build chemical formulas the way Scrabble builds words: lay element tiles in a row or a column, \
crossword style, and score their points. Water is <b>H · H · O</b> — a subscript is just the tile \
repeated.</p>\
<h3>Your turn</h3><ul>\
<li>Tap a tile on your rack, then a square on the board. Tap a tile you placed to take it back, or \
<b>Recall tiles</b> to take them all.</li>\
<li>A Wild Isotope <b>?</b> asks, when you lift it, which element it plays as. Choose one, then tap a \
square — or tap the square (or drop the tile on it) first: it goes there once you choose.</li>\
<li>All tiles of one turn go in one row or one column with no gaps; tiles already on the board may \
fill the line between yours.</li>\
<li>The first formula covers the centre star ★ and uses at least two tiles. Every later one touches \
a tile already on the board; a single tile may extend or cross a formula.</li>\
<li>Tap <b>Submit formula</b>. Every formula you made — along your line and across each new tile — \
is checked. If one fails, a red message says which and why; your tiles stay put so you can \
rearrange them, and your turn is not used up.</li>\
<li>Or <b>Exchange tiles</b>: pick tiles to swap with the bag (never more than it holds). In \
Pass and Play an exchange uses your turn; in Solitaire you have {} exchanges. Or \
<b>Pass</b> (Pass and Play only; the game asks first, since a pass also uses your turn).</li>\
<li>When no formula can be made from your rack, the game says so under the rack: exchange tiles, \
or pass (Pass and Play) or end the game (Solitaire).</li>\
<li>Or drag: a tile from the rack to a square, a placed tile to another square or back to the \
rack, a tile onto one you placed this turn (that one goes back to the rack), or a rack tile \
along the rack to reorder it — with a mouse, a finger or a pen. Hold a dragged tile near the \
edge of the window, or of the board's box on a phone, and it scrolls there. <b>Shuffle</b> and \
<b>Sort</b> rearrange the rack; its order is kept with the saved game.</li>\
<li><b>Unseen tiles</b>, beside the board, counts by element the tiles you have not seen: those \
still in the bag and on the other players' racks. Close it if you prefer to keep count \
yourself.</li></ul>",
        exchanges
    );
    html.push_lit(
        "<h3>Playing with the keyboard</h3><ul>\
<li>A screen reader hears each move's score and formulas, each refusal with its reason, the \
other players' moves and whose turn it is.</li>\
<li><b>Tab</b> to the board, then the <b>arrow keys</b> move between squares; <b>Home</b> and \
<b>End</b> go to the ends of the row, with <b>Ctrl</b> to the first and last square. Tapping a \
square puts the cursor there too.</li>\
<li>Type a symbol to place that tile at the cursor: a capital letter starts a symbol and a small \
one extends it (<b>N a</b> is Na, <b>C l</b> is Cl). The cursor moves on across or down, as its \
arrow shows, skipping squares already filled; <b>Space</b> (or a second tap on the square) turns \
it.</li>\
<li><b>?</b> then a symbol plays a Wild Isotope as that element.</li>\
<li><b>Backspace</b> takes back the last tile, <b>Escape</b> recalls them all, <b>Enter</b> \
submits the formula.</li>\
<li><b>X</b> (capital) starts an exchange: type the symbols of the tiles to swap, then \
<b>Enter</b> (or <b>Escape</b> to cancel). <b>E</b> (capital) asks to pass in Pass and Play, or \
to end the game in Solitaire; <b>Escape</b> answers its question with Keep playing.</li>\
<li>Wherever focus is, <b>Escape</b> also puts a lifted tile back down and leaves an exchange.</li></ul>",
    );
    html.push(&html!(
        "<h3>What counts as a formula</h3>\
<p>A formula is any run of two or more tiles, read left to right or top to bottom. Which formulas \
count is up to the <b>Referee</b> you choose on the Play tab before a new game; a resumed game, a \
rematch or an imported game keeps its own.</p><ul>\
<li><b>Standard Mode</b> accepts the {} formulas of the reference card, in exactly the card's tile \
order: Na · Cl is table salt, Cl · Na is not.</li>",
        cards
    ));
    let chemist = Mode::Chemist;
    html.push(&html!(
        "<li><b>{}</b>, the chemist's referee, accepts the card's formulas and thousands of other \
real substances from the game's table, written the way chemists write them:<ul>",
        chemist.name()
    ));
    for convention in Edition::CURRENT.conventions() {
        html.push(&html!("<li>{}</li>", convention.sentence()));
    }
    html.push_lit(
        "</ul>The right atoms in another order are refused with the order to play, and atoms no \
substance has are refused with the reason (Na · Cl · Cl: sodium forms Na⁺ and chlorine Cl⁻, so \
try Na · Cl). Molecules seen only in a gas or a spectrum (Na · Na) and alloys do not count. \
Games, links and Daily Bench days from before 8 December 2026 keep the rules they were played \
under, which took each element's tiles together (Zn · N · N · O · O · O · O · O · O). A game \
under this referee may wait a moment on the Play tab while its table loads.</li>",
    );
    html.push_lit(
        "<li><b>Theory Mode</b> (the default) accepts any card formula in any order, and any molecule you \
could draw: each atom takes one of its usual valences, and all the atoms join into one connected \
molecule with single, double or triple bonds so that every atom has exactly its number of bonds. \
C · C · O · O (O=C=C=O) counts, tagged <i>Hypothetical</i>; C · H · H does not (carbon needs four \
bonds), nor anything with helium or neon, which form no bonds.</li></ul>\
<p>Helium (He) and neon (Ne) are in no card formula and form no bonds, so they can never be \
played: exchange them, or hold them and lose their points at the end.</p>\
<p>Each formula in the notebook carries a tag:</p><ul>",
    );
    for tag in display::Tag::ALL {
        html.push(&html!("<li>{}</li>", tag.meaning()));
    }
    html.push_lit("</ul>");
    html.push_lit(
        "<h3>Table variants</h3><p>Tick them on the Play tab, under the referee: they apply to \
your next new game where they fit (the Daily Bench is played without them), and the game's \
title names them.</p><ul>",
    );
    for v in Variant::ALL {
        html.push(&html!("<li><b>{}</b> — {}</li>", v.name(), v.description()));
    }
    html.push_lit(
        "</ul><p>With <b>Ion Rules</b>, a formula also counts as an ion when its atoms join into \
one molecule with one, two or three of them (never hydrogen) taking one bond fewer than their \
valency — a minus each: O · H is OH⁻ — or one bond more — a plus each: N · H · H · H · H is \
NH₄⁺ — all of one sign. The documented ions, such as sulfate, carry their own charge: in Theory \
Mode in any order; the chemist's referee takes only documented ions, in the textbook's order \
(S · O · O · O · O, and O · Cl beside Cl · O for hypochlorite). Card formulas stay neutral: N · O · O is nitrogen dioxide, never nitrite. \
The charge shows after the formula (SO₄²⁻ — sulfate) and adds no points.</p>",
    );
    html.push(&html!(
        "<h3>Scoring</h3><ul>\
<li>Add the points of the formula's tiles. A new tile on a double or triple letter square counts \
double or triple.</li>\
<li>Then multiply by every double or triple word square under a new tile of that formula. The \
centre star is a double word square.</li>\
<li>Every formula you made scores in full, crossings too. Premiums count only on the turn a tile \
is placed.</li>\
<li>Using all {} rack tiles in one turn adds a <b>Full Reaction</b> bonus of {}.</li>\
<li>A Wild Isotope plays as any element you choose, and always scores {}. Its element picker \
leaves out {}: they form no bonds, so no formula could use them.</li></ul>\
<p class=\"example\">Example: the first play H · H · O across the star scores (1 + 1 + 1) × 2 = 6.</p>",
        in_words(RACK_SIZE as u8),
        FULL_REACTION,
        Tile::Wild.points(),
        inert_names()
    ));
    html.push(&html!(
        "<h3>Solitaire</h3>\
<p>Play alone against the bag. You have {} exchanges and no passes; when you are stuck, \
tap <b>End game</b> — the points left on your rack are subtracted. Placing your last tile once the \
bag is empty ends the game with a <b>Clean Bench</b> bonus of {} — the manual's rule, \
though with helium and neon in the bag a game from the full bag can't reach it. Ranks: {}.</p>\
<p>Personal bests (the best score and the best single play) are kept apart for each referee and \
each set of table variants. A game played with hints counts apart, and a play a hint showed is \
no best single play.</p>",
        exchanges,
        CLEAN_BENCH,
        ranks()
    ));
    html.push(&html!(
        "<h3>Pass and Play</h3>\
<p>Two to four players share one device. Between turns the screen hides every rack until the next \
player taps their name. The game ends when the bag is empty and someone places their last tile — \
everyone else loses the points left on their rack and the player who went out gains them — or \
when every player has passed twice in a row, and each player loses their own rack's points. The \
highest score wins; equal top scores tie.</p>\
<h3>Against the computer</h3>\
<p>Any seat may be a computer player, of three levels:</p><ul>{}</ul>\
<p>A computer moves by itself after a short pause; its rack stays hidden. When one person plays, \
<b>Hint</b> puts the best play on the board for you to submit, move or recall — hints are counted \
and shown with your score. After the game, <b>Hindsight</b> in the notebook shows, turn by turn, \
the best play you could have made.</p>\
<h3>More ways to play</h3><ul>\
<li><b>The Daily Bench</b>: one Solitaire bag a day for each referee, the same on every device. \
The day's first game counts for your streak; later ones are practice. At the end, a share text \
shows how each turn went without giving away a tile.</li>\
<li><b>Tables on your devices</b>: two to four players, each on their own phone, with no server. \
Open a table on the Play tab; every move travels as a link you send in any messenger, and the \
link you are sent opens your turn.</li></ul>\
<h3>Formula cards</h3>\
<p>Tap a formula in the notebook for its card: a structure drawn from its atoms (a salt as its \
ions), its names when it is a documented substance, molar mass and composition, and facts: for \
the card's {} formulas one written for the game, and for documented substances with measured \
data their state at room temperature, melting and boiling points and density, each with the \
table it came from. An ion's card shows its charge and draws no structure. Names of real \
substances come from <a href=\"https://pubchem.ncbi.nlm.nih.gov/\">PubChem</a> (NIH), \
measurements from the tables each card names (the CRC Handbook's, NIST's, CAS's, Yaws' and \
Bradley's), both via the <a href=\"https://pypi.org/project/chemicals/\">chemicals</a> package \
(MIT licence); formulas no one has documented stay <i>Hypothetical</i>.</p>\
<h3>Saved games</h3>\
<p>Your game is saved in this browser after every change, so you can close the page at any moment. \
The Play tab offers Resume. Clearing the browser's site data removes saves and personal bests.</p>",
        level_items("The "),
        cards
    ));
    html
}

/// The computer levels, a list item each: "<b>{article}Apprentice</b> (easy): …." (How to play
/// says "The ", the Play tab's Against the computer card nothing).
pub fn level_items(article: &str) -> Html {
    Level::ALL
        .into_iter()
        .map(|level| {
            html!(
                "<li><b>{}{}</b> ({}): {}.</li>",
                article,
                level.name(),
                level.hardness(),
                level.about()
            )
        })
        .collect()
}

fn tile_order(tiles: &[Element]) -> String {
    tiles
        .iter()
        .map(|e| e.symbol())
        .collect::<Vec<_>>()
        .join(" · ")
}

// The card's tables never change, so their rows are written once, at build time, from the
// engine's constants: the page carries none of this code.
fn card_rows() -> Html {
    let mut html = Html::new();
    for f in CARD.iter() {
        html.push(&html!(
            "<tr><td class=\"formula\">{}</td><td>{}</td><td class=\"tiles-order\">{}</td></tr>",
            display::formula(f.tiles, 0),
            f.name,
            tile_order(f.tiles)
        ));
    }
    html
}

fn starter_items() -> Html {
    let mut html = Html::new();
    for f in STARTERS.iter().filter_map(|i| CARD.get(*i)) {
        html.push(&html!(
            "<li><b>{}</b> {} — <span class=\"seq\">{}</span></li>",
            display::formula(f.tiles, 0),
            f.name,
            tile_order(f.tiles)
        ));
    }
    html
}

fn element_rows() -> Html {
    let mut html = Html::new();
    for e in Element::ALL {
        let valences = if e.valences().is_empty() {
            "no bonds".to_string()
        } else {
            e.valences()
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        html.push(&html!(
            "<tr><td class=\"sym\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
            e.symbol(),
            e.name(),
            e.points(),
            e.count(),
            valences
        ));
    }
    html
}

/// "116 tiles: 112 element tiles in 33 elements, plus 4 Wild Isotopes (0 points) …", from
/// the engine's counts.
fn tiles_line() -> String {
    let elements: usize = Element::ALL.iter().map(|e| usize::from(e.count())).sum();
    format!(
        "{} tiles: {elements} element tiles in {} elements, plus {WILD_COUNT} Wild Isotopes ({} \
         points) that play as any element.",
        elements + usize::from(WILD_COUNT),
        Element::COUNT,
        Tile::Wild.points()
    )
}

/// The whole Reference card as HTML: fixed markup around the rows above.
pub fn card_html() -> Html {
    html!(
        "<h2>Reference card</h2>\
<p>Standard Mode accepts exactly these {} formulas, in this tile order, and the chemist's referee accepts \
them in this order too. In Theory Mode they count in any order, tagged Card.</p>\
<div class=\"table-wrap\"><table class=\"tiles card\"><thead><tr><th>Formula</th><th>Name</th>\
<th>Tiles to play</th></tr></thead><tbody>{}</tbody></table></div>\
<h3>Ten molecules to start with</h3><ol class=\"starters\">{}</ol>\
<h3>Tiles and valences</h3><p>{}</p>\
<div class=\"table-wrap\"><table class=\"tiles\"><thead><tr><th>Tile</th><th>Element</th>\
<th>Points</th><th>Count</th><th>Valences</th></tr></thead><tbody>{}</tbody></table></div>",
        CARD.len(),
        card_rows(),
        starter_items(),
        tiles_line(),
        element_rows()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn ranks_are_written_from_the_engine() {
        assert_eq!(
            ranks(),
            "Lab Assistant (below 75), Lab Technician (75–149), Research Chemist (150–249), \
             Professor (250–349), Nobel Laureate (350+)"
        );
        assert_eq!(in_words(3), "three");
        assert_eq!(inert_names(), "helium and neon");
    }

    #[test]
    fn the_rules_are_written_from_the_engine_and_read_as_before() {
        let html = rules_html().into_string();
        for text in [
            "accepts the 42 formulas of the reference card",
            "<b>Real substances</b>, the chemist's referee",
            "<li>An ionic compound is written ion by ion",
            "<li>Card: one of the reference card",
            "<b>Theory Mode</b> (the default)",
            "<li><b>Ion Rules</b> — Charged formulas count too, such as OH⁻, NH₄⁺ or SO₄²⁻.",
            "kept apart for each referee and each set of table variants",
            "for the card's 42 formulas one written for the game",
            "Using all seven rack tiles in one turn adds a <b>Full Reaction</b> bonus of 15.",
            "always scores 0.",
            "You have three exchanges and no passes",
            "a <b>Clean Bench</b> bonus of 25",
            "Ranks: Lab Assistant (below 75), Lab Technician (75–149)",
            "In \
Pass and Play an exchange uses your turn",
            "leaves out helium and neon: they form no bonds",
            "a capital letter starts a symbol and a small one extends it",
        ] {
            assert!(html.contains(text), "{text}");
        }
        for v in Variant::ALL {
            assert!(
                html.contains(&format!("<li><b>{}</b> — ", v.name())),
                "{v:?}"
            );
        }
        // every tag opened is closed: the article's HTML is well formed
        for tag in ["p", "ul", "li", "b", "i", "a", "h2", "h3"] {
            let opened = html.matches(&format!("<{tag}>")).count()
                + html.matches(&format!("<{tag} ")).count();
            assert_eq!(
                opened,
                html.matches(&format!("</{tag}>")).count(),
                "<{tag}>"
            );
        }
    }

    #[test]
    fn the_card_is_written_from_the_engine() {
        let rows = card_rows().into_string();
        assert_eq!(rows.matches("<tr>").count(), 42);
        assert!(
            rows.starts_with(
                "<tr><td class=\"formula\">H₂O</td><td>Water</td><td class=\"tiles-order\">H · H · O</td></tr>"
            ),
            "{rows}"
        );
        assert_eq!(starter_items().as_str().matches("<li>").count(), 10);
        let elements = element_rows().into_string();
        assert_eq!(elements.matches("<tr>").count(), Element::COUNT);
        assert!(
            elements.contains("<td class=\"sym\">Mn</td><td>Manganese</td><td class=\"num\">4</td><td class=\"num\">2</td><td>2 or 4 or 7</td>"),
            "{elements}"
        );
        let card = card_html().into_string();
        assert!(card.contains("accepts exactly these 42 formulas"), "{card}");
        assert_eq!(card.matches("<table").count(), 2);
        assert_eq!(
            tiles_line(),
            "116 tiles: 112 element tiles in 33 elements, plus 4 Wild Isotopes (0 points) that \
             play as any element."
        );
    }

    // the files in public/lazy/ are what the engine writes: `UPDATE_PAGES=1 cargo test -p
    // molscrab pages` rewrites them after a change to the text or to the engine's numbers
    #[test]
    fn the_committed_pages_are_what_the_engine_writes() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/lazy");
        for (name, write) in PAGES {
            let (path, html) = (dir.join(name), write().into_string());
            if std::env::var_os("UPDATE_PAGES").is_some() {
                std::fs::write(&path, &html).expect("public/lazy is writable");
                continue;
            }
            let committed = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                committed == html,
                "public/lazy/{name} is not what the engine writes: run UPDATE_PAGES=1 cargo test -p molscrab pages"
            );
        }
    }
}
