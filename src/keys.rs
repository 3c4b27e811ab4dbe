//! Typing on the board: the cursor, its direction, and keys turned into the session's intents.
//!
//! Plain Rust, tested natively. A key never decides a rule: it only taps, as a finger would,
//! the rack tile and the square it names, and the session and the engine answer as for a tap.

use crate::session::{Notice, Session};
use molscrab_engine::board::SIZE;
use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::record::Kind;
use molscrab_engine::turn::Turn;

/// What the last upper-case letter did, so that a lower-case one can make it a longer symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Typed {
    /// Nothing yet: no one-letter element of that letter was on the rack.
    Waiting,
    /// A tile put on this square.
    Placed(u8, u8),
    /// A rack slot picked for an exchange.
    Picked(usize),
}

/// The board's keyboard cursor and what is being typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Typing {
    pub row: usize,
    pub col: usize,
    /// Tiles typed go down the column (else across the row).
    pub down: bool,
    /// `?` was typed: the next symbol plays a Wild Isotope.
    wild: bool,
    /// The upper-case letter last typed, whether it used a Wild Isotope, and what it did.
    last: Option<(u8, bool, Typed)>,
    /// A tap or a key put the cursor where it is, or a key showed it (`Typing::shown`, which
    /// the board calls for every key before it is typed): only then does a tap on its square
    /// turn it, so a first click on the star does not turn a cursor the player has not seen.
    chosen: bool,
}

impl Default for Typing {
    /// On the centre star, across: where the first play goes.
    fn default() -> Typing {
        Typing {
            row: SIZE / 2,
            col: SIZE / 2,
            down: false,
            wild: false,
            last: None,
            chosen: false,
        }
    }
}

/// What a key did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    /// Not a key of the board: the browser keeps it.
    Ignored,
    /// Handled; nothing was played.
    Handled,
    /// A move was made (Enter): the turn, for the table to record.
    Moved(Turn),
}

/// Words said when a key can't do what it asks (a tap's refusals come from the session).
pub const NO_WILD: &str = "There is no Wild Isotope on your rack.";
/// A small letter typed with no symbol begun.
const CAPITAL_FIRST: &str =
    "A symbol starts with a capital letter: H for hydrogen, N then a for Na.";
pub const LINE_FULL: &str =
    "No empty square is left that way: move the cursor with the arrow keys, or press Space to \
     turn it.";

fn not_on_rack(symbol: &str) -> String {
    format!("There is no {symbol} tile on your rack.")
}

impl Typing {
    /// The arrow to show on the cursor's square.
    pub fn arrow(&self) -> &'static str {
        if self.down {
            "↓"
        } else {
            "→"
        }
    }

    /// Puts the cursor on a tapped square; with `turn`, a second tap on it turns the direction.
    pub fn tap(&mut self, row: usize, col: usize, turn: bool) {
        if turn && self.chosen && (row, col) == (self.row, self.col) {
            self.down = !self.down;
        }
        self.row = row.min(SIZE - 1);
        self.col = col.min(SIZE - 1);
        self.forget();
    }

    /// A key was pressed on the board: its cursor shows, so a tap on it turns it.
    pub fn shown(&mut self) {
        self.chosen = true;
    }

    /// After a tap: a cursor left on a filled square moves on to the next empty one, so
    /// typing goes on where tapping stopped.
    pub fn follow(&mut self, s: &Session) {
        if let Some(at) = self.empty_ahead(s, self.row, self.col) {
            (self.row, self.col) = at;
        }
    }

    /// What has been typed of a symbol not yet on the board, to show on the cursor's square:
    /// `?` for a Wild Isotope waiting for its symbol, a capital waiting for its small letter
    /// (N with only Na on the rack), or both: a `?` shows before its symbol comes.
    pub fn half_typed(&self) -> Option<&'static str> {
        const CAPITALS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        const WILD_CAPITALS: &str = "?A?B?C?D?E?F?G?H?I?J?K?L?M?N?O?P?Q?R?S?T?U?V?W?X?Y?Z";
        match self.last {
            Some((letter @ b'A'..=b'Z', wild, Typed::Waiting)) => {
                let at = usize::from(letter - b'A');
                Some(if wild {
                    &WILD_CAPITALS[2 * at..2 * at + 2]
                } else {
                    &CAPITALS[at..=at]
                })
            }
            _ if self.wild => Some("?"),
            _ => None,
        }
    }

    fn forget(&mut self) {
        self.wild = false;
        self.last = None;
        self.chosen = true;
    }

    /// Keys that only move the cursor and need no game: arrows, Home, End (with Ctrl: the
    /// board's first or last square), Space to turn the direction. True when handled.
    pub fn navigate(&mut self, key: &str, ctrl: bool) -> bool {
        let last = SIZE - 1;
        let (r, c) = (self.row, self.col);
        (self.row, self.col) = match key {
            "ArrowUp" => (r.saturating_sub(1), c),
            "ArrowDown" => ((r + 1).min(last), c),
            "ArrowLeft" => (r, c.saturating_sub(1)),
            "ArrowRight" => (r, (c + 1).min(last)),
            "Home" if ctrl => (0, 0),
            "End" if ctrl => (last, last),
            "Home" => (r, 0),
            "End" => (r, last),
            " " => {
                self.down = !self.down;
                (r, c)
            }
            _ => return false,
        };
        self.forget();
        true
    }

    /// Whether [`Typing::key`] may do something with `key` (so a Tab or F5 never touches the
    /// game).
    pub fn wants(key: &str) -> bool {
        matches!(key, "Enter" | "Escape" | "Backspace" | "?")
            || (key.len() == 1 && key.as_bytes()[0].is_ascii_alphabetic())
    }

    /// A key typed on the board, as `KeyboardEvent.key` names it.
    pub fn key(&mut self, s: &mut Session, key: &str) -> Done {
        let exchanging = s.phase().picked().is_some();
        // Escape drops a symbol half typed first, as Backspace does (a `?` kept would spend
        // the Wild Isotope on the next letter); a second Escape goes on as below
        if key == "Escape" {
            let half = self.half_typed().is_some();
            self.forget();
            if half {
                return Done::Handled;
            }
        }
        let turn = match key {
            "Enter" if exchanging => s.confirm_exchange(),
            "Enter" if s.is_placing() => s.submit(),
            "Escape" if exchanging => {
                s.cancel_exchange();
                None
            }
            "Escape" if s.is_placing() => {
                s.recall();
                None
            }
            "Escape" => {
                s.keep_playing();
                None
            }
            "Backspace" => {
                self.back(s);
                None
            }
            "?" if exchanging => {
                self.pick(s, Tile::Wild);
                None
            }
            "?" if s.is_placing() => {
                if s.rack_slots().iter().any(|(_, t)| *t == Tile::Wild) {
                    self.wild = true;
                } else {
                    s.tell(Notice::Refused(vec![NO_WILD.to_string()]));
                }
                None
            }
            // after ? a capital starts the Wild Isotope's symbol, even X or E (refused: no
            // element's symbol starts so), never a command: X does not open an exchange with
            // the Wild Isotope still armed to pick the next tile typed
            "X" if !self.wild => {
                s.start_exchange();
                None
            }
            "E" if !self.wild && s.game().kind() == Kind::Solitaire => {
                s.ask_end();
                None
            }
            "E" if !self.wild => {
                s.ask_pass();
                None
            }
            _ => {
                let mut chars = key.chars();
                let (Some(letter), None) = (chars.next(), chars.next()) else {
                    return Done::Ignored;
                };
                if !letter.is_ascii_alphabetic() || !(exchanging || s.is_placing()) {
                    return Done::Ignored;
                }
                self.letter(s, letter as u8);
                None
            }
        };
        match turn {
            Some(turn) => {
                self.forget();
                Done::Moved(turn)
            }
            None => Done::Handled,
        }
    }

    /// An upper-case letter starts a symbol, a lower-case one extends the one just started.
    fn letter(&mut self, s: &mut Session, letter: u8) {
        let wild = self.wild;
        if letter.is_ascii_uppercase() {
            let one = element(&[letter]);
            let done = match one {
                Some(el) if self.available(s, el, wild, None) => self.put(s, el, wild),
                // N with only Na on the rack: wait for the lower-case letter
                _ if longer(letter).any(|e| self.available(s, e, wild, None)) => {
                    Some(Typed::Waiting)
                }
                Some(el) => {
                    refuse(s, el.symbol(), wild);
                    None
                }
                None if longer(letter).next().is_some() => {
                    refuse(s, &format!("{}…", char::from(letter)), wild);
                    None
                }
                None => {
                    s.tell(Notice::Refused(vec![format!(
                        "No element's symbol starts with {}.",
                        char::from(letter)
                    )]));
                    None
                }
            };
            self.wild = false;
            self.last = done.map(|d| (letter, wild, d));
            return;
        }
        let Some((first, wild, typed)) = self.last.take() else {
            // a small letter with no symbol begun (Caps Lock off, or a first try)
            s.tell(Notice::Refused(vec![CAPITAL_FIRST.to_string()]));
            return;
        };
        let Some(el) = element(&[first, letter]) else {
            s.tell(Notice::Refused(vec![format!(
                "No element has the symbol {}{}.",
                char::from(first),
                char::from(letter)
            )]));
            return;
        };
        if !self.available(s, el, wild, Some(typed)) {
            refuse(s, el.symbol(), wild);
            return;
        }
        match typed {
            Typed::Waiting => {}
            Typed::Placed(row, col) => {
                take_back(s, row, col);
                (self.row, self.col) = (usize::from(row), usize::from(col));
            }
            Typed::Picked(slot) => s.tap_rack(slot),
        }
        self.put(s, el, wild);
    }

    /// Whether `el` (as a Wild Isotope when `wild`) can be typed now; `undo` is what the
    /// letter before did, which a longer symbol replaces.
    fn available(&self, s: &Session, el: Element, wild: bool, undo: Option<Typed>) -> bool {
        let tile = if wild { Tile::Wild } else { Tile::Element(el) };
        // as the picker: a Wild Isotope is never helium or neon, which no formula could use
        if wild && !el.forms_bonds() {
            return false;
        }
        if let Some(picked) = s.phase().picked() {
            let freed = match undo {
                Some(Typed::Picked(slot)) => Some(slot),
                _ => None,
            };
            return s
                .rack()
                .iter()
                .enumerate()
                .any(|(i, t)| *t == tile && (!picked.contains(&i) || freed == Some(i)));
        }
        let freed = match undo {
            Some(Typed::Placed(row, col)) => s.tentative_at(row.into(), col.into()),
            _ => None,
        };
        freed.is_some_and(|t| t.wild == wild && (wild || t.el == el))
            || s.rack_slots().iter().any(|(_, t)| *t == tile)
    }

    /// Places `el` at the cursor (skipping filled squares), or picks it for the exchange.
    fn put(&mut self, s: &mut Session, el: Element, wild: bool) -> Option<Typed> {
        let tile = if wild { Tile::Wild } else { Tile::Element(el) };
        if let Some(picked) = s.phase().picked() {
            let slot = (0..s.rack().len()).find(|i| s.rack()[*i] == tile && !picked.contains(i))?;
            s.tap_rack(slot);
            return Some(Typed::Picked(slot));
        }
        let Some((row, col)) = self.empty_ahead(s, self.row, self.col) else {
            s.tell(Notice::Refused(vec![LINE_FULL.to_string()]));
            return None;
        };
        let slot = s.rack_slots().into_iter().find(|(_, t)| *t == tile)?.0;
        // lifted afresh: a typed tile goes to the cursor, not to a square tapped while a Wild
        // Isotope waited for its element (Session::choose_wild)
        if s.phase().lifted() == Some(slot) {
            s.tap_rack(slot);
        }
        s.tap_rack(slot);
        if wild {
            s.choose_wild(el);
        }
        s.tap_square(row, col);
        s.tentative_at(row, col)?;
        (self.row, self.col) = (row, col);
        // on to the next empty square; at the board's edge the cursor stays put
        let next = match self.down {
            true => (row + 1, col),
            false => (row, col + 1),
        };
        if let Some(ahead) = self.empty_ahead(s, next.0, next.1) {
            (self.row, self.col) = ahead;
        }
        Some(Typed::Placed(row as u8, col as u8))
    }

    /// Picks (or, when all are picked, unpicks) a rack tile for the exchange.
    fn pick(&mut self, s: &mut Session, tile: Tile) {
        let picked = s.phase().picked().unwrap_or_default();
        let slots: Vec<usize> = (0..s.rack().len())
            .filter(|i| s.rack()[*i] == tile)
            .collect();
        match slots.iter().find(|i| !picked.contains(i)).or(slots.first()) {
            Some(slot) => s.tap_rack(*slot),
            None => refuse(s, tile.symbol(), tile == Tile::Wild),
        }
        self.forget();
    }

    /// The first empty square from (`row`, `col`) on in the cursor's direction.
    fn empty_ahead(&self, s: &Session, row: usize, col: usize) -> Option<(usize, usize)> {
        let mut at = (row, col);
        while at.0 < SIZE && at.1 < SIZE {
            if s.game().board().get(at.0, at.1).is_none() && s.tentative_at(at.0, at.1).is_none() {
                return Some(at);
            }
            at = if self.down {
                (at.0 + 1, at.1)
            } else {
                (at.0, at.1 + 1)
            };
        }
        None
    }

    /// Backspace: a symbol half typed is dropped, else the tile placed last goes back to the
    /// rack and the cursor to its square.
    fn back(&mut self, s: &mut Session) {
        if self.wild || matches!(self.last, Some((_, _, Typed::Waiting))) {
            self.forget();
            return;
        }
        self.forget();
        if let Some(t) = s.tentative().last().copied() {
            take_back(s, t.row, t.col);
            (self.row, self.col) = (t.row.into(), t.col.into());
        }
    }
}

/// The element whose symbol is these letters.
fn element(symbol: &[u8]) -> Option<Element> {
    Element::ALL
        .into_iter()
        .find(|e| e.symbol().as_bytes() == symbol)
}

/// The two-letter elements whose symbol starts with `letter`.
fn longer(letter: u8) -> impl Iterator<Item = Element> {
    Element::ALL
        .into_iter()
        .filter(move |e| e.symbol().len() == 2 && e.symbol().as_bytes()[0] == letter)
}

fn refuse(s: &mut Session, symbol: &str, wild: bool) {
    let inert = Element::from_symbol(symbol).filter(|el| !el.forms_bonds());
    let why = match (wild, inert) {
        (true, Some(_)) => {
            format!("A Wild Isotope can't play as {symbol}, which forms no bonds: no formula could use it.")
        }
        (true, None) => NO_WILD.to_string(),
        (false, _) => not_on_rack(symbol),
    };
    s.tell(Notice::Refused(vec![why]));
}

/// Takes the unsubmitted tile on a square back to the rack, leaving nothing lifted.
fn take_back(s: &mut Session, row: u8, col: u8) {
    let Some(t) = s.tentative_at(row.into(), col.into()) else {
        return;
    };
    s.tap_square(row.into(), col.into());
    if s.phase().lifted() == Some(t.slot) {
        s.tap_rack(t.slot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molscrab_engine::elements::Element::*;

    /// A game whose first rack is the first 7 tiles of `symbols`, opened as the app opens it.
    fn game(kind: Kind, symbols: &str) -> Session {
        let mut s = crate::session::testing::dealt(kind, true, symbols);
        s.reveal();
        s
    }

    fn solitaire(symbols: &str) -> Session {
        game(Kind::Solitaire, symbols)
    }

    fn typed(t: &mut Typing, s: &mut Session, keys: &[&str]) -> Done {
        let mut done = Done::Ignored;
        for key in keys {
            done = t.key(s, key);
        }
        done
    }

    fn at(s: &Session, row: usize, col: usize) -> Option<(Element, bool)> {
        s.tentative_at(row, col).map(|t| (t.el, t.wild))
    }

    fn refusal(s: &Session) -> String {
        match s.notice() {
            Some(Notice::Refused(lines)) => lines.join(" "),
            other => panic!("a refusal was expected, got {other:?}"),
        }
    }

    #[test]
    fn typing_water_from_the_star_and_enter_scores_it() {
        let mut s = solitaire("H H O C C Na Cl O O O H H");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["H", "H", "O"]);
        assert_eq!(at(&s, 7, 7), Some((H, false)));
        assert_eq!(at(&s, 7, 8), Some((H, false)));
        assert_eq!(at(&s, 7, 9), Some((O, false)));
        assert_eq!(
            (t.row, t.col),
            (7, 10),
            "the cursor waits on the next square"
        );
        let Done::Moved(turn) = t.key(&mut s, "Enter") else {
            panic!("Enter submits");
        };
        assert_eq!(turn.score, 6);
        assert_eq!(s.game().board().get(7, 8).map(|b| b.el), Some(H));
    }

    #[test]
    fn a_lower_case_letter_makes_the_symbol_just_typed_longer() {
        // N then a: N is placed at once, then Na takes its square and N goes back
        let mut s = solitaire("N Na Cl C O H H O O O H H");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["N"]);
        assert_eq!(at(&s, 7, 7), Some((N, false)));
        typed(&mut t, &mut s, &["a"]);
        assert_eq!(at(&s, 7, 7), Some((Na, false)));
        assert_eq!(s.tentative().len(), 1);
        assert!(s.rack_slots().iter().any(|(_, t)| *t == Tile::Element(N)));
        assert_eq!((t.row, t.col), (7, 8));
        // C with no C tile waits for its second letter: C l is chlorine
        let mut s = solitaire("Na Cl H H O O N O O O H H");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["C"]);
        assert!(s.tentative().is_empty());
        assert_eq!(s.notice(), None);
        typed(&mut t, &mut s, &["l", "N", "a"]);
        assert_eq!(at(&s, 7, 7), Some((Cl, false)));
        assert_eq!(at(&s, 7, 8), Some((Na, false)));
    }

    #[test]
    fn a_first_tap_on_the_star_where_the_cursor_starts_does_not_turn_it() {
        let mut t = Typing::default();
        t.tap(7, 7, true);
        assert!(
            !t.down,
            "the cursor was never put there: the tap only chooses the square"
        );
        t.tap(7, 7, true);
        assert!(t.down, "a second tap turns it");
        let mut t = Typing::default();
        t.navigate("ArrowRight", false);
        t.navigate("ArrowLeft", false);
        t.tap(7, 7, true);
        assert!(
            t.down,
            "keys put the cursor back on the star: a tap there turns it"
        );
        // any key shows the cursor where it is (Shift alone): a tap on it then turns it
        let mut t = Typing::default();
        t.shown();
        t.tap(7, 7, true);
        assert!(t.down);
    }

    #[test]
    fn the_cursor_skips_filled_squares_and_follows_its_direction() {
        let mut s = solitaire("H H O C C Na Cl H O O H H N N");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["H", "H", "O", "Enter"]);
        // down column 8 from row 6: H above the H on the board, then O below it
        t.tap(6, 8, true);
        t.tap(6, 8, true);
        t.follow(&s);
        assert_eq!((t.row, t.col), (6, 8), "an empty square keeps the cursor");
        assert!(t.down, "a second tap on the cursor's square turns it");
        assert_eq!(t.arrow(), "↓");
        typed(&mut t, &mut s, &["H"]);
        assert_eq!(at(&s, 6, 8), Some((H, false)));
        assert_eq!((t.row, t.col), (8, 8), "skips (7, 8), played before");
        typed(&mut t, &mut s, &["O"]);
        assert_eq!(at(&s, 8, 8), Some((O, false)));
        let Done::Moved(turn) = t.key(&mut s, "Enter") else {
            panic!("H·H·O down is water");
        };
        assert!(turn.score > 0);
    }

    #[test]
    fn after_a_tap_places_a_tile_typing_goes_on_from_the_next_square() {
        let mut s = solitaire("H H O C C Na Cl O O O H H");
        let mut t = Typing::default();
        t.tap(7, 6, false);
        s.tap_rack(0);
        s.tap_square(7, 6);
        t.follow(&s);
        assert_eq!((t.row, t.col), (7, 7));
        typed(&mut t, &mut s, &["H", "O"]);
        assert_eq!(at(&s, 7, 7), Some((H, false)));
        assert_eq!(at(&s, 7, 8), Some((O, false)));
    }

    #[test]
    fn backspace_takes_back_the_last_tile_and_escape_recalls_them_all() {
        let mut s = solitaire("H H O C C Na Cl O O O H H");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["H", "H", "O", "Backspace"]);
        assert_eq!(at(&s, 7, 9), None);
        assert_eq!(s.tentative().len(), 2);
        assert_eq!((t.row, t.col), (7, 9));
        assert_eq!(s.phase().lifted(), None, "nothing stays lifted");
        assert_eq!(s.rack_slots().len(), 5);
        typed(&mut t, &mut s, &["Escape"]);
        assert!(s.tentative().is_empty());
        assert_eq!(s.rack_slots().len(), 7);
    }

    #[test]
    fn a_wild_isotope_is_never_typed_as_helium_or_neon() {
        let mut s = solitaire("? H O C C Na Cl O O O H H");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["?", "N", "e"]);
        assert_eq!(at(&s, 7, 7), Some((N, true)), "N stays; Ne is refused");
        let said = match s.notice() {
            Some(Notice::Refused(lines)) => lines.join(" "),
            other => panic!("a refusal was expected, got {other:?}"),
        };
        assert!(
            said.contains("can't play as Ne, which forms no bonds"),
            "{said}"
        );
    }

    #[test]
    fn a_question_mark_then_a_symbol_plays_a_wild_isotope_as_that_element() {
        let mut s = solitaire("? H O C C Na Cl O O O H H");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["?", "H", "H"]);
        assert_eq!(at(&s, 7, 7), Some((H, true)));
        assert_eq!(at(&s, 7, 8), Some((H, false)));
        let Done::Moved(turn) = t.key(&mut s, "Enter") else {
            panic!("H·H is hydrogen gas");
        };
        assert_eq!(turn.score, 2, "the wild H scores 0: (0 + 1) × 2");
        // ? N a: the Wild Isotope as sodium; with no wild left, ? says so
        let mut s = solitaire("? Cl O C C Na H O O O H H");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["?", "N", "a"]);
        assert_eq!(at(&s, 7, 7), Some((Na, true)));
        typed(&mut t, &mut s, &["?"]);
        assert_eq!(refusal(&s), NO_WILD);
    }

    #[test]
    fn what_is_typed_of_a_symbol_shows_until_the_symbol_is_whole() {
        let mut s = solitaire("? Mg Cl C O H H O O O H H");
        let mut t = Typing::default();
        assert_eq!(t.half_typed(), None);
        typed(&mut t, &mut s, &["?"]);
        assert_eq!(t.half_typed(), Some("?"));
        // no one-letter M: the Wild Isotope waits for the small letter
        typed(&mut t, &mut s, &["M"]);
        assert_eq!(t.half_typed(), Some("?M"));
        typed(&mut t, &mut s, &["g"]);
        assert_eq!(at(&s, 7, 7), Some((Mg, true)));
        assert_eq!(t.half_typed(), None);
        // the rack's Mg waits likewise for its g; C is placed at once (nothing half typed)
        typed(&mut t, &mut s, &["M"]);
        assert_eq!(t.half_typed(), Some("M"));
        typed(&mut t, &mut s, &["Backspace"]);
        assert_eq!(t.half_typed(), None);
        // Escape drops what is half typed and nothing else (the tile placed stays); a second
        // Escape recalls
        typed(&mut t, &mut s, &["M", "Escape"]);
        assert_eq!(t.half_typed(), None);
        assert_eq!(at(&s, 7, 7), Some((Mg, true)), "the tile placed stays");
        typed(&mut t, &mut s, &["Z"]);
        assert_eq!(t.half_typed(), None, "no element of Z on the rack: refused");
        typed(&mut t, &mut s, &["C"]);
        assert_eq!(t.half_typed(), None);
        assert_eq!(at(&s, 7, 8), Some((C, false)));
        typed(&mut t, &mut s, &["Escape"]);
        assert!(
            s.tentative().is_empty(),
            "nothing half typed: Escape recalls"
        );
        // ? then Escape: the next letter plays the element's own tile, not the Wild Isotope
        let mut s = solitaire("? H O C C Na Cl O O O H H");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["?", "Escape", "H"]);
        assert_eq!(at(&s, 7, 7), Some((H, false)));
    }

    #[test]
    fn a_wild_isotope_typed_goes_to_the_cursor_though_a_square_was_tapped_before() {
        let mut s = solitaire("? H O C C Na Cl O O O H H");
        let mut t = Typing::default();
        // the Wild Isotope lifted by a tap, a square tapped while it waits for its element
        // (Session keeps that square for it), then the cursor's square typed
        s.tap_rack(0);
        s.tap_square(6, 7);
        typed(&mut t, &mut s, &["?", "H"]);
        assert_eq!(at(&s, 7, 7), Some((H, true)), "at the cursor");
        assert_eq!(at(&s, 6, 7), None);
        assert_eq!(s.tentative().len(), 1);
    }

    #[test]
    fn after_a_question_mark_x_and_e_start_a_symbol_not_a_command() {
        let mut s = solitaire("? H O C C Na Cl O O O H H");
        let mut t = Typing::default();
        // ? X opens no exchange that would leave the Wild Isotope armed for the next tile
        typed(&mut t, &mut s, &["?", "X"]);
        assert_eq!(s.phase().picked(), None, "no exchange");
        assert_eq!(refusal(&s), "No element's symbol starts with X.");
        typed(&mut t, &mut s, &["C"]);
        assert_eq!(at(&s, 7, 7), Some((C, false)), "a C tile: the ? was spent");
        typed(&mut t, &mut s, &["?", "E"]);
        assert!(s.is_placing(), "no question to end the game");
        assert_eq!(refusal(&s), "No element's symbol starts with E.");
        // without the ?, X and E are the commands they were
        typed(&mut t, &mut s, &["Escape", "X"]);
        assert!(s.phase().picked().is_some());
    }

    #[test]
    fn a_symbol_not_on_the_rack_is_refused_with_its_name() {
        let mut s = solitaire("H H O C C Na Cl O O O H H");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["U"]);
        assert_eq!(refusal(&s), "There is no U tile on your rack.");
        typed(&mut t, &mut s, &["Q"]);
        assert_eq!(refusal(&s), "No element's symbol starts with Q.");
        typed(&mut t, &mut s, &["N", "i"]);
        assert_eq!(refusal(&s), "There is no Ni tile on your rack.");
        typed(&mut t, &mut s, &["H", "x"]);
        assert_eq!(refusal(&s), "No element has the symbol Hx.");
        assert_eq!(at(&s, 7, 7), Some((H, false)), "the H typed stays");
        // a small letter with no symbol begun says how symbols are typed, and places nothing
        typed(&mut t, &mut s, &["o"]);
        assert_eq!(refusal(&s), CAPITAL_FIRST);
        assert_eq!(s.tentative().len(), 1);
    }

    #[test]
    fn x_exchanges_the_tiles_typed_and_e_asks_to_end() {
        let mut s = solitaire("He Ne H O C C Na Cl O O O H H N N");
        let mut t = Typing::default();
        typed(&mut t, &mut s, &["X", "H", "e", "N", "e"]);
        assert_eq!(s.phase().picked().map(<[usize]>::len), Some(2));
        let Done::Moved(turn) = t.key(&mut s, "Enter") else {
            panic!("two tiles exchanged");
        };
        assert_eq!(turn.exchanged, 2);
        assert!(!s.rack().contains(&Tile::Element(He)));
        typed(&mut t, &mut s, &["X", "Escape"]);
        assert!(s.is_placing(), "Escape cancels the exchange");
        typed(&mut t, &mut s, &["E"]);
        assert!(!s.is_placing(), "End game asks first");
        typed(&mut t, &mut s, &["Escape"]);
        assert!(s.is_placing(), "Escape keeps playing");
        // Pass and Play: E asks to pass
        let mut p = game(Kind::PassAndPlay, "H H O C C Na Cl O O O H H N N K K");
        typed(&mut t, &mut p, &["E"]);
        assert_eq!(*p.phase(), crate::session::Phase::ConfirmingPass);
    }

    #[test]
    fn no_element_symbol_starts_with_a_command_key() {
        for el in Element::ALL {
            assert!(!el.symbol().starts_with(['X', 'E']), "{}", el.symbol());
        }
    }

    #[test]
    fn arrows_home_and_end_move_the_cursor_within_the_board() {
        let mut t = Typing::default();
        assert!(t.navigate("ArrowUp", false));
        assert_eq!((t.row, t.col), (6, 7));
        t.navigate("Home", false);
        assert_eq!((t.row, t.col), (6, 0));
        t.navigate("ArrowLeft", false);
        assert_eq!((t.row, t.col), (6, 0), "stays on the board");
        t.navigate("End", false);
        assert_eq!((t.row, t.col), (6, 14));
        t.navigate("End", true);
        assert_eq!((t.row, t.col), (14, 14));
        t.navigate("ArrowDown", false);
        assert_eq!((t.row, t.col), (14, 14));
        t.navigate("Home", true);
        assert_eq!((t.row, t.col), (0, 0));
        assert!(!t.down);
        t.navigate(" ", false);
        assert!(t.down);
        assert!(!t.navigate("a", false));
        // at the board's edge there is no square left: said so, nothing placed
        let mut s = solitaire("H H O C C Na Cl O O O H H");
        t.navigate("End", true);
        t.navigate(" ", false);
        assert!(!t.down);
        typed(&mut t, &mut s, &["H", "H"]);
        assert_eq!(at(&s, 14, 14), Some((H, false)));
        assert_eq!(refusal(&s), LINE_FULL);
    }

    #[test]
    fn keys_other_than_the_boards_are_left_to_the_browser() {
        let mut s = solitaire("H H O C C Na Cl O O O H H");
        let mut t = Typing::default();
        for key in ["Tab", "F5", "1", "é", "Shift", "ArrowUp"] {
            assert_eq!(t.key(&mut s, key), Done::Ignored, "{key}");
        }
        assert!(s.tentative().is_empty());
    }
}
