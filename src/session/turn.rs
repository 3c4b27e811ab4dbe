//! The turn: this turn's unsubmitted tiles and every intent of the player to move (taps on
//! the rack and board, a Wild Isotope's element, submit, exchange, pass, end, a hint), and the
//! computer's move.

use molscrab_engine::board::{Placement, SIZE};
use molscrab_engine::computer::Level;
use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::error::MoveError;
use molscrab_engine::placement::PlacementError;
use molscrab_engine::record::Move;
use molscrab_engine::turn::Turn;

use super::{
    Notice, Phase, Screen, Session, CHOOSE_WILD_ELEMENT, SQUARE_TAKEN, TAP_A_TILE_FIRST, TIME_UP,
};

/// A rack tile put on the board this turn but not yet submitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tentative {
    /// Index into the rack of the player to move.
    pub slot: usize,
    pub row: u8,
    pub col: u8,
    pub el: Element,
    pub wild: bool,
}

impl Tentative {
    fn placement(self) -> Placement {
        Placement {
            row: self.row,
            col: self.col,
            el: self.el,
            wild: self.wild,
        }
    }
}

impl Session {
    /// The computer to move and the number of moves made, while its move is awaited.
    pub fn wants_computer_move(&self) -> Option<(usize, Level)> {
        if self.phase != Phase::Computer {
            return None;
        }
        let level = self.game.computer(self.game.to_move())?;
        Some((self.game.moves().len(), level))
    }

    /// The computer's move, chosen by the engine's worker when `moves` moves had been made:
    /// played like anyone's (a stale or refused one changes nothing), and said in words.
    pub fn computer_moved(&mut self, moves: usize, mv: &Move) -> Option<Turn> {
        if self.wants_computer_move()?.0 != moves {
            return None;
        }
        let seat = self.game.to_move();
        let outcome = self.game.apply(mv).cloned();
        let turn = self.conclude(outcome)?;
        self.notice = Some(Notice::Info(self.summary(&turn, seat)));
        Some(turn)
    }

    /// The unsubmitted tiles, in the order placed.
    pub fn tentative(&self) -> &[Tentative] {
        &self.tentative
    }

    pub(super) fn can_hold(&self, t: Tentative) -> bool {
        let rack = self.rack();
        let (row, col) = (t.row as usize, t.col as usize);
        row < SIZE
            && col < SIZE
            && self.game.board().get(row, col).is_none()
            && !self
                .tentative
                .iter()
                .any(|o| o.slot == t.slot || (o.row, o.col) == (t.row, t.col))
            && match rack.get(t.slot) {
                Some(Tile::Wild) => t.wild,
                Some(Tile::Element(e)) => !t.wild && *e == t.el,
                None => false,
            }
    }

    /// The rack of the player to move.
    pub fn rack(&self) -> &[Tile] {
        self.game.rack(self.game.to_move())
    }

    /// Rack slots still on the rack (not placed this turn), in rack order; none on a computer's
    /// turn, whose rack stays hidden.
    pub fn rack_slots(&self) -> Vec<(usize, Tile)> {
        if self.phase == Phase::Computer {
            return Vec::new();
        }
        self.rack()
            .iter()
            .copied()
            .enumerate()
            .filter(|(i, _)| !self.tentative.iter().any(|t| t.slot == *i))
            .collect()
    }

    /// The unsubmitted tile on a square, if any.
    pub fn tentative_at(&self, row: usize, col: usize) -> Option<Tentative> {
        self.tentative
            .iter()
            .copied()
            .find(|t| (t.row as usize, t.col as usize) == (row, col))
    }

    pub fn placements(&self) -> Vec<Placement> {
        self.tentative.iter().map(|t| t.placement()).collect()
    }

    /// The player to move is placing tiles (not exchanging, confirming, or between turns).
    pub fn is_placing(&self) -> bool {
        matches!(
            self.phase,
            Phase::Placing { .. } | Phase::ChoosingWild { .. }
        )
    }

    /// Lifts the tile in `slot` (a Wild Isotope waits for its element), or puts it down.
    fn lift(&mut self, slot: Option<usize>) {
        self.phase = match slot {
            Some(slot) if self.rack().get(slot) == Some(&Tile::Wild) => Phase::ChoosingWild {
                slot,
                element: None,
                at: None,
            },
            lifted => Phase::Placing { lifted },
        };
    }

    /// Tap on a rack tile: lift it (or put it down again); while exchanging, pick it.
    pub fn tap_rack(&mut self, slot: usize) {
        if slot >= self.rack().len() {
            return;
        }
        if let Phase::Exchanging { picked } = &mut self.phase {
            // a refusal ("Choose at least one tile") is answered by the pick
            self.notice = None;
            if let Some(at) = picked.iter().position(|s| *s == slot) {
                picked.remove(at);
            } else {
                picked.push(slot);
            }
            return;
        }
        if !self.is_placing() || self.tentative.iter().any(|t| t.slot == slot) {
            return;
        }
        self.notice = None;
        let again = self.phase.lifted() == Some(slot);
        self.lift((!again).then_some(slot));
    }

    /// The lifted tile is a Wild Isotope waiting for its element.
    pub fn needs_wild_choice(&self) -> bool {
        matches!(self.phase, Phase::ChoosingWild { .. })
    }

    pub fn choose_wild(&mut self, el: Element) {
        if let Phase::ChoosingWild { element, at, .. } = &mut self.phase {
            *element = Some(el);
            // a square was tapped before the element was chosen: the tile goes there now
            if let Some((row, col)) = at.take() {
                self.tap_square(row.into(), col.into());
            }
        }
    }

    /// Tap on a square: take back an unsubmitted tile, or put the lifted tile there.
    pub fn tap_square(&mut self, row: usize, col: usize) {
        if !self.is_placing() {
            return;
        }
        if let Some(at) = self
            .tentative
            .iter()
            .position(|t| (t.row as usize, t.col as usize) == (row, col))
        {
            let back = self.tentative.remove(at);
            self.phase = if back.wild {
                Phase::ChoosingWild {
                    slot: back.slot,
                    element: Some(back.el),
                    at: None,
                }
            } else {
                Phase::Placing {
                    lifted: Some(back.slot),
                }
            };
            self.notice = None;
            return;
        }
        if row >= SIZE || col >= SIZE {
            return;
        }
        if self.game.board().get(row, col).is_some() {
            self.notice = Some(Notice::Refused(vec![SQUARE_TAKEN.to_string()]));
            return;
        }
        let Some(slot) = self.phase.lifted() else {
            self.notice = Some(Notice::Info(TAP_A_TILE_FIRST.to_string()));
            return;
        };
        let (el, wild) = match (self.rack().get(slot).copied(), &self.phase) {
            (Some(Tile::Element(e)), _) => (e, false),
            (
                Some(Tile::Wild),
                Phase::ChoosingWild {
                    element: Some(e), ..
                },
            ) => (*e, true),
            (Some(Tile::Wild), _) => {
                if let Phase::ChoosingWild { at, .. } = &mut self.phase {
                    *at = Some((row as u8, col as u8));
                }
                self.notice = Some(Notice::Info(CHOOSE_WILD_ELEMENT.to_string()));
                return;
            }
            (None, _) => return,
        };
        self.tentative.push(Tentative {
            slot,
            row: row as u8,
            col: col as u8,
            el,
            wild,
        });
        self.phase = Phase::Placing { lifted: None };
        self.notice = None;
    }

    /// A hint on the board: the tiles of `play` (the engine's best play, asked when `moves`
    /// moves had been made) are placed as this turn's unsubmitted tiles, each from a rack slot
    /// holding it, for the player to submit, move or recall. `said` is the hint's line. False,
    /// and nothing changes, when the hint is stale or doesn't fit the rack and board.
    pub fn show_hint(&mut self, moves: usize, play: &[Placement], said: &str) -> bool {
        if moves != self.game.moves().len() || !self.is_placing() || play.is_empty() {
            return false;
        }
        let kept = std::mem::take(&mut self.tentative);
        for p in play {
            let tile = if p.wild {
                Tile::Wild
            } else {
                Tile::Element(p.el)
            };
            let slot = (0..self.rack().len()).find(|&slot| {
                self.rack()[slot] == tile && !self.tentative.iter().any(|t| t.slot == slot)
            });
            let t = slot.map(|slot| Tentative {
                slot,
                row: p.row,
                col: p.col,
                el: p.el,
                wild: p.wild,
            });
            match t.filter(|&t| self.can_hold(t)) {
                Some(t) => self.tentative.push(t),
                None => {
                    self.tentative = kept;
                    return false;
                }
            }
        }
        self.phase = Phase::Placing { lifted: None };
        self.notice = Some(Notice::Info(said.to_string()));
        // counted in the record: the notebook, the results and the bests say so
        self.game.note_hint();
        true
    }
    /// Recall tiles: every unsubmitted tile goes back to the rack.
    pub fn recall(&mut self) {
        if !self.is_placing() {
            return;
        }
        self.tentative.clear();
        self.phase = Phase::Placing { lifted: None };
        self.notice = None;
    }

    /// After a move: clear the turn's state and move on, or say why the move was refused.
    fn conclude(&mut self, outcome: Result<Turn, MoveError>) -> Option<Turn> {
        match outcome {
            Ok(turn) => {
                self.can_play = None;
                self.tentative.clear();
                self.phase = Session::phase_between_turns(&self.game, self.table.as_ref());
                Some(turn)
            }
            Err(e) => {
                self.refuse(&e);
                None
            }
        }
    }

    fn refuse(&mut self, error: &MoveError) {
        // one line per failing formula, so each is named on its own
        let lines = match error {
            MoveError::Formulas(rejections) => rejections.iter().map(|r| r.to_string()).collect(),
            // the engine's reason, and how this screen places a tile
            MoveError::Placement(PlacementError::NoTiles) => {
                vec![format!("{error} Tap a rack tile, then a square.")]
            }
            other => vec![other.to_string()],
        };
        self.notice = Some(Notice::Refused(lines));
    }

    /// Submit formula: the engine checks every formula made; a rejection leaves the tiles put.
    pub fn submit(&mut self) -> Option<Turn> {
        if !self.is_placing() {
            return None;
        }
        // a second tap of a double tap: the first one's "Scored 6." stays on screen
        if self.tentative.is_empty() && matches!(self.notice, Some(Notice::Info(_))) {
            return None;
        }
        let played: Vec<usize> = self.tentative.iter().map(|t| t.slot).collect();
        let (seat, kept) = (self.game.to_move(), self.kept_order(&played));
        let outcome = self.game.play(&self.placements()).cloned();
        let turn = self.conclude(outcome)?;
        self.arrange_seat(seat, kept);
        self.notice = Some(Notice::Info(format!("Scored {}.", turn.score)));
        Some(turn)
    }

    /// Exchange tiles: start picking (unsubmitted tiles go back to the rack first).
    pub fn start_exchange(&mut self) {
        if !self.is_placing() {
            return;
        }
        match self.game.can_exchange(1) {
            Ok(()) => {
                self.recall();
                self.phase = Phase::Exchanging { picked: Vec::new() };
            }
            Err(e) => self.refuse(&e),
        }
    }

    pub fn cancel_exchange(&mut self) {
        if matches!(self.phase, Phase::Exchanging { .. }) {
            self.phase = Phase::Placing { lifted: None };
            self.notice = None;
        }
    }

    /// Confirm exchange with the picked tiles.
    pub fn confirm_exchange(&mut self) -> Option<Turn> {
        let picked = self.phase.picked()?;
        let rack = self.rack();
        let tiles: Vec<Tile> = picked
            .iter()
            .filter_map(|s| rack.get(*s).copied())
            .collect();
        let (seat, kept) = (self.game.to_move(), self.kept_order(picked));
        let outcome = self.game.exchange(&tiles).cloned();
        let turn = self.conclude(outcome)?;
        self.arrange_seat(seat, kept);
        self.notice = Some(Notice::Info(match tiles.len() {
            1 => "Exchanged 1 tile.".to_string(),
            n => format!("Exchanged {n} tiles."),
        }));
        Some(turn)
    }

    /// Pass (Pass and Play only): the first tap asks, since a pass costs the turn.
    pub fn ask_pass(&mut self) {
        if self.is_placing() && self.game.can_pass() {
            self.put_down_wild();
            self.phase = Phase::ConfirmingPass;
        }
    }

    /// "Yes, pass": the turn goes to the next player.
    pub fn confirm_pass(&mut self) -> Option<Turn> {
        if self.phase != Phase::ConfirmingPass {
            return None;
        }
        let outcome = self.game.pass().cloned();
        let turn = self.conclude(outcome);
        if turn.is_none() {
            self.phase = Phase::Placing { lifted: None };
        }
        turn
    }

    /// Speed Lab (a table variant): the turn's time ran out. The tiles placed go back to the
    /// rack and the turn is passed, whatever the player was doing (placing, choosing a Wild
    /// Isotope, picking tiles to exchange, answering the Pass question). `None`, changing
    /// nothing, when it is no person's turn on screen or the game has no turn timer.
    pub fn time_out(&mut self) -> Option<Turn> {
        if self.screen() != Screen::Turn || self.phase == Phase::Computer {
            return None;
        }
        let outcome = self.game.time_out().cloned();
        if outcome.is_err() {
            return None;
        }
        let turn = self.conclude(outcome)?;
        self.notice = Some(Notice::Info(TIME_UP.to_string()));
        Some(turn)
    }
    /// End game (Solitaire): the first tap asks, the second ends.
    pub fn ask_end(&mut self) {
        if self.is_placing() {
            self.put_down_wild();
            self.phase = Phase::ConfirmingEnd;
        }
    }

    /// A Wild Isotope waiting for its element is put down by a question: the words asking for
    /// its element go with it, and do not stay through End game's question or after it.
    fn put_down_wild(&mut self) {
        if self.notice == Some(Notice::Info(CHOOSE_WILD_ELEMENT.to_string())) {
            self.notice = None;
        }
    }

    /// "Keep playing": End game's or Pass's question is put away.
    pub fn keep_playing(&mut self) {
        if matches!(self.phase, Phase::ConfirmingEnd | Phase::ConfirmingPass) {
            self.phase = Phase::Placing { lifted: None };
        }
    }

    pub fn confirm_end(&mut self) -> Option<Turn> {
        if self.phase != Phase::ConfirmingEnd {
            return None;
        }
        self.tentative.clear();
        let outcome = self.game.end().cloned();
        let turn = self.conclude(outcome);
        if turn.is_none() {
            self.phase = Phase::Placing { lifted: None };
        }
        turn
    }

    /// "I'm NAME — show my tiles".
    pub fn reveal(&mut self) {
        if self.phase == Phase::Handoff {
            self.phase = Phase::Placing { lifted: None };
            self.notice = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::testing::*;
    use molscrab_engine::board::Placement;
    use molscrab_engine::elements::Element::*;
    use molscrab_engine::elements::Tile;
    use molscrab_engine::error::MoveError;
    use molscrab_engine::record::{GameRecord, Kind};
    use molscrab_engine::referee::Mode;

    #[test]
    fn a_lifted_tile_goes_to_the_tapped_square_and_back_again() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        place(&mut s, Tile::Element(H), 7, 6);
        assert_eq!(s.tentative_at(7, 6).map(|t| t.el), Some(H));
        assert_eq!(s.rack_slots().len(), 6);
        s.tap_square(7, 6);
        assert_eq!(s.tentative_at(7, 6), None);
        assert_eq!(s.rack_slots().len(), 7);
    }

    #[test]
    fn water_on_the_star_scores_6_and_the_rack_refills() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        place(&mut s, Tile::Element(H), 7, 6);
        place(&mut s, Tile::Element(H), 7, 7);
        place(&mut s, Tile::Element(O), 7, 8);
        let turn = s.submit().expect("water is a card formula");
        assert_eq!(turn.score, 6);
        assert!(s.tentative().is_empty());
        assert_eq!(s.rack().len(), 7);
        assert_eq!(s.game().board().get(7, 7).map(|t| t.el), Some(H));
        // a double tap's second Submit leaves the score on screen; later, with nothing placed
        // and no fresh news, Submit explains what to do
        assert!(s.submit().is_none());
        assert_eq!(s.notice(), Some(&Notice::Info("Scored 6.".into())));
        s.tap_rack(0);
        s.tap_rack(0);
        assert!(s.submit().is_none());
        assert_eq!(
            s.notice(),
            Some(&Notice::Refused(vec![
                "Place some tiles on the board first. Tap a rack tile, then a square.".into()
            ]))
        );
    }

    #[test]
    fn a_rejected_play_names_the_formula_and_leaves_the_tiles_put() {
        let mut s = solitaire(false, "Cl Na O C C H H O O O H H");
        place(&mut s, Tile::Element(Cl), 7, 7);
        place(&mut s, Tile::Element(Na), 7, 8);
        assert!(s.submit().is_none());
        let Some(Notice::Refused(lines)) = s.notice() else {
            panic!("a refusal was expected, got {:?}", s.notice());
        };
        assert_eq!(lines.len(), 1);
        assert!(lines[0].contains("Na · Cl"), "{}", lines[0]);
        assert_eq!(s.tentative().len(), 2);
        assert!(s.game().turns().is_empty());
    }

    #[test]
    fn a_wild_isotope_needs_its_element_and_goes_to_the_square_tapped_before() {
        let mut s = solitaire(true, "? H O C C Na Cl O O O H H");
        let wild = slot_of(&s, Tile::Wild);
        s.tap_rack(wild);
        assert!(s.needs_wild_choice());
        // a square tapped first is kept (the last one tapped), and the player asked to choose:
        // not refused, since tapping the square again once chosen would take the tile back
        s.tap_square(7, 9);
        s.tap_square(7, 7);
        assert!(matches!(s.notice(), Some(Notice::Info(n)) if n.contains("element")));
        assert!(s.tentative().is_empty());
        s.choose_wild(H);
        assert_eq!(
            s.tentative_at(7, 7).map(|t| (t.el, t.wild)),
            Some((H, true))
        );
        assert_eq!(s.notice(), None);
        assert_eq!(s.phase().lifted(), None);
        // chosen first, then a square: as before
        s.tap_square(7, 7);
        assert_eq!(
            s.phase().wild_element(),
            Some(H),
            "taken back with its element"
        );
        s.choose_wild(O);
        assert!(s.tentative().is_empty(), "no square was tapped since");
        s.tap_square(7, 7);
        assert_eq!(s.tentative_at(7, 7).map(|t| t.el), Some(O));
        s.tap_square(7, 7);
        s.choose_wild(H);
        s.tap_square(7, 7);
        place(&mut s, Tile::Element(H), 7, 8);
        let turn = s.submit().expect("H·H is hydrogen gas");
        // the wild H scores 0: (0 + 1) × 2
        assert_eq!(turn.score, 2);
    }

    #[test]
    fn a_tap_that_places_nothing_says_what_to_do() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        s.tap_square(7, 7);
        assert_eq!(s.notice(), Some(&Notice::Info(TAP_A_TILE_FIRST.into())));
        place(&mut s, Tile::Element(H), 7, 6);
        place(&mut s, Tile::Element(H), 7, 7);
        place(&mut s, Tile::Element(O), 7, 8);
        s.submit().expect("water");
        // a square played on an earlier turn: said so, with a tile lifted or not
        s.tap_square(7, 7);
        assert_eq!(
            s.notice(),
            Some(&Notice::Refused(vec![SQUARE_TAKEN.into()]))
        );
        s.tap_rack(0);
        s.tap_square(7, 8);
        assert_eq!(
            s.notice(),
            Some(&Notice::Refused(vec![SQUARE_TAKEN.into()]))
        );
        assert_eq!(s.phase().lifted(), Some(0), "the tile stays lifted");
        assert!(s.tentative().is_empty());
    }

    #[test]
    fn exchanging_picks_tiles_and_uses_one_of_three() {
        let mut s = solitaire(true, "He Ne H O C C Na Cl O O O H H N N");
        s.start_exchange();
        let he = slot_of(&s, Tile::Element(He));
        let ne = slot_of(&s, Tile::Element(Ne));
        s.tap_rack(he);
        s.tap_rack(ne);
        let turn = s.confirm_exchange().expect("two tiles, bag holds more");
        assert_eq!(turn.exchanged, 2);
        assert!(!s.rack().contains(&Tile::Element(He)));
        assert_eq!(s.game().exchanges_left(), Some(2));
    }

    #[test]
    fn confirming_an_exchange_with_nothing_picked_says_what_the_engine_says() {
        let mut s = solitaire(true, "He Ne H O C C Na Cl O O O H H N N");
        s.start_exchange();
        assert!(s.confirm_exchange().is_none());
        assert_eq!(
            s.notice(),
            Some(&Notice::Refused(vec![
                MoveError::NothingToExchange.to_string()
            ]))
        );
        assert!(s.phase().picked().is_some(), "still picking");
        // a tile picked answers it: the refusal goes (it would otherwise stay above the next
        // question too); and so does Cancel
        let he = slot_of(&s, Tile::Element(He));
        s.tap_rack(he);
        assert_eq!(s.notice(), None);
        let mut s = solitaire(true, "He Ne H O C C Na Cl O O O H H N N");
        s.start_exchange();
        assert!(s.confirm_exchange().is_none());
        s.cancel_exchange();
        assert_eq!(s.notice(), None);
    }

    #[test]
    fn one_exchanged_tile_is_one_tile() {
        let mut s = solitaire(true, "He Ne H O C C Na Cl O O O H H N N");
        s.start_exchange();
        let he = slot_of(&s, Tile::Element(He));
        s.tap_rack(he);
        assert!(s.confirm_exchange().is_some());
        assert_eq!(s.notice(), Some(&Notice::Info("Exchanged 1 tile.".into())));
    }

    #[test]
    fn pass_asks_first_and_keep_playing_keeps_the_turn() {
        let mut s = pass_and_play(true, "H H O C C Na Cl O O O H H N N K K");
        place(&mut s, Tile::Element(H), 7, 7);
        assert!(s.confirm_pass().is_none(), "not asked yet");
        s.ask_pass();
        assert_eq!(*s.phase(), Phase::ConfirmingPass);
        assert!(!s.is_placing());
        s.keep_playing();
        assert!(s.is_placing());
        assert_eq!(s.tentative().len(), 1, "the tiles placed stay put");
        assert!(s.game().turns().is_empty());
        s.ask_pass();
        let turn = s.confirm_pass().expect("passed");
        assert_eq!(turn.kind, molscrab_engine::turn::TurnKind::Pass);
        assert_eq!(s.screen(), Screen::Handoff);
        assert_eq!(s.game().to_move(), 1);
        // Solitaire has no passes: nothing to ask
        let mut solo = solitaire(true, "H H O C C Na Cl O O O H H");
        solo.ask_pass();
        assert!(solo.is_placing());
    }

    #[test]
    fn a_speed_lab_turn_that_times_out_is_passed_with_its_tiles_back_on_the_rack() {
        use molscrab_engine::variants::{Variant, Variants};
        let names = vec!["Ada".into(), "Ben".into()];
        let mut record = GameRecord::new_game(Kind::PassAndPlay, Mode::Theory, names, 0, 1);
        record.bag = Some(tiles("H H O C C Na Cl O O O H H N N K K"));
        record.variants = Variants::of(&[Variant::SpeedLab]);
        let mut s = open(record);
        s.reveal();
        place(&mut s, Tile::Element(H), 7, 7);
        s.ask_pass();
        let turn = s.time_out().expect("passed");
        assert_eq!(turn.kind, molscrab_engine::turn::TurnKind::Pass);
        assert!(s.tentative().is_empty());
        assert_eq!(s.game().rack(0).len(), 7, "the H is back on Ada's rack");
        assert_eq!(s.screen(), Screen::Handoff);
        assert_eq!(
            s.notice(),
            Some(&Notice::Info("Time is up: the turn is passed.".into()))
        );
        // between turns the clock does not run: nothing happens
        assert!(s.time_out().is_none());
        assert_eq!(s.game().turns().len(), 1);
        // without Speed Lab a timeout changes nothing
        let mut plain = pass_and_play(true, "H H O C C Na Cl O O O H H N N K K");
        place(&mut plain, Tile::Element(H), 7, 7);
        assert!(plain.time_out().is_none());
        assert_eq!(plain.tentative().len(), 1);
        assert!(plain.game().turns().is_empty());
    }

    #[test]
    fn a_question_puts_a_waiting_wild_isotope_down_and_its_words_with_it() {
        let mut s = solitaire(true, "? H O C C Na Cl O O O H H");
        s.tap_rack(0);
        s.tap_square(7, 7);
        assert_eq!(s.phase().wild_square(), Some((7, 7)));
        assert!(s.notice().is_some(), "asked for its element");
        s.ask_end();
        assert_eq!(s.notice(), None);
        s.keep_playing();
        assert_eq!(s.notice(), None);
        assert_eq!(s.phase().wild_square(), None);
        let mut p = pass_and_play(true, "? H O C C Na Cl O O O H H N N K K");
        p.tap_rack(0);
        p.tap_square(7, 7);
        p.ask_pass();
        assert_eq!(p.notice(), None);
    }

    #[test]
    fn a_hint_puts_the_best_play_on_the_board_as_tiles_to_submit_move_or_recall() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        // a tile already placed goes back: the hint replaces it
        place(&mut s, Tile::Element(C), 7, 7);
        let best = s.game().clone();
        let best = molscrab_engine::movegen::best_play(&best).expect("a play");
        assert!(s.show_hint(0, &best.tiles, "Hint"));
        assert_eq!(s.placements(), best.tiles);
        assert_eq!(s.notice(), Some(&Notice::Info("Hint".to_string())));
        // moved: one tile taken back and put down again elsewhere is the player's own play
        let first = best.tiles[0];
        s.tap_square(first.row.into(), first.col.into());
        assert_eq!(s.tentative().len(), best.tiles.len() - 1);
        s.recall();
        assert!(s.tentative().is_empty());
        // shown again and submitted: it scores what the engine said
        assert!(s.show_hint(0, &best.tiles, "Hint"));
        let turn = s.submit().expect("the hint is a legal play");
        assert_eq!(turn.score, best.score);
    }

    #[test]
    fn a_stale_or_impossible_hint_changes_nothing() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        place(&mut s, Tile::Element(C), 7, 7);
        let water = [(7, 6, H), (7, 7, O), (7, 8, H)].map(|(row, col, el)| Placement {
            row,
            col,
            el,
            wild: false,
        });
        assert!(!s.show_hint(1, &water, "Hint"), "about another turn");
        let three_o =
            [(7, 6, O), (7, 7, O), (7, 8, O), (7, 9, O)].map(|(row, col, el)| Placement {
                row,
                col,
                el,
                wild: false,
            });
        assert!(
            !s.show_hint(0, &three_o, "Hint"),
            "more O than the rack holds"
        );
        assert_eq!(s.tentative().len(), 1, "the player's tile stays put");
        assert!(s.show_hint(0, &water, "Hint"));
        assert_eq!(s.placements(), water);
    }

    #[test]
    fn end_game_asks_first() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        assert!(s.confirm_end().is_none());
        s.ask_end();
        let rack_points: i32 = s.rack().iter().map(|t| i32::from(t.points())).sum();
        s.confirm_end().expect("confirmed");
        assert_eq!(s.game().scores(), vec![-rack_points]);
        assert_eq!(s.screen(), Screen::Results);
    }
}
