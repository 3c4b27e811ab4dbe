//! What the engine's worker has told the session: the documented names of the formulas played
//! off the card, whether the player to move can play at all; and Hindsight's look back at a
//! finished game.

use molscrab_engine::board::Placement;
use molscrab_engine::game::Game;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;
use molscrab_engine::turn::Turn;

use super::{seat_name, Notice, Phase, Screen, Session};

impl Session {
    /// `turn` (made by `seat`) in one line, its formulas tagged as the notebook tags them.
    pub fn summary(&self, turn: &Turn, seat: usize) -> String {
        turn.summary_named(&seat_name(&self.game, seat), &|tiles| {
            self.documented_name(tiles).map(str::to_string)
        })
    }

    /// How many documented names the worker has found: what changes the notebook when no turn
    /// was added.
    pub fn names_found(&self) -> usize {
        self.named.iter().filter(|(_, n)| !n.is_empty()).count()
    }

    /// The documented name found for the formula of `tiles` (off the card), if one was.
    pub fn documented_name(&self, tiles: &[molscrab_engine::elements::Element]) -> Option<&str> {
        let key = molscrab_engine::referee::spaced(tiles);
        self.named
            .iter()
            .find(|(k, n)| *k == key && !n.is_empty())
            .map(|(_, n)| n.as_str())
    }

    /// The formulas and names asked of the engine's worker, and those found.
    pub fn named(&self) -> &[(String, String)] {
        &self.named
    }

    /// The formulas played off the card whose names have not been asked for yet, noted as
    /// asked (so the next change doesn't ask again).
    pub fn names_to_ask(&mut self) -> Vec<String> {
        let mut unasked: Vec<String> = Vec::new();
        for f in self.game.turns().iter().flat_map(|t| &t.formulas) {
            let key = molscrab_engine::referee::spaced(&f.tiles);
            if !f.known && !self.named.iter().any(|(k, _)| *k == key) && !unasked.contains(&key) {
                unasked.push(key);
            }
        }
        let asked = unasked.iter().map(|k| (k.clone(), String::new()));
        self.named.extend(asked);
        unasked
    }

    /// The worker's names for formulas asked about (`(formula, name)`, "" for none): true when
    /// one was found. A turn's news that names its formulas says them afresh.
    pub fn learn_names(&mut self, found: &[(String, String)]) -> bool {
        // the computer's move, said before its formulas' names came in, is said afresh
        let last = self.game.turns().last().cloned();
        let before = last.as_ref().map(|t| self.summary(t, t.seat));
        let mut any = false;
        for (key, name) in found {
            if let Some(slot) = self.named.iter_mut().find(|(k, _)| k == key) {
                slot.1 = name.clone();
                any |= !name.is_empty();
            }
        }
        if let (Some(t), Some(before)) = (last, before) {
            let now = self.summary(&t, t.seat);
            if let Some(Notice::Info(said)) = self.notice.as_mut() {
                if *said == before {
                    *said = now;
                }
            }
        }
        any
    }

    /// A finished game's board as it was before move `moves`, with `play` (the best play there
    /// was) on it. False, and nothing changes, while the game is on or when `moves` is past it.
    pub fn look_back(&mut self, moves: usize, play: Vec<Placement>) -> bool {
        if !self.game.is_over() || moves >= self.game.moves().len() {
            return false;
        }
        let mut record = self.game.record();
        record.moves.truncate(moves);
        record.hints.retain(|&h| h <= moves);
        record.ui = None;
        match Game::replay(&record) {
            Ok(before) => {
                self.looking_back = Some(Box::new((before, play)));
                true
            }
            Err(_) => false,
        }
    }

    /// Back to the final board.
    pub fn stop_looking_back(&mut self) {
        self.looking_back = None;
    }

    /// The game and play Hindsight is showing on the board, if any.
    pub fn looking_back(&self) -> Option<(&Game, &[Placement])> {
        self.looking_back.as_deref().map(|(g, p)| (g, p.as_slice()))
    }

    /// Whether this turn still waits to learn if the player to move can play at all.
    pub fn wants_can_play(&self) -> bool {
        // a computer's rack, or at a table another device's: not this player's to know
        self.can_play.is_none()
            && !self.game.is_over()
            && !matches!(self.phase, Phase::Computer | Phase::Waiting)
    }

    /// The engine's answer to "can the player to move play?", asked when `moves` moves had
    /// been made: an answer about an earlier turn is dropped.
    pub fn learn_can_play(&mut self, moves: usize, can_play: bool) {
        if moves == self.game.moves().len() {
            self.can_play = Some(can_play);
        }
    }

    /// When the player to move can make no legal play with their rack, what they can do
    /// instead; `None` while a play is possible or the answer is not in yet.
    pub fn stuck(&self) -> Option<&'static str> {
        let g = &self.game;
        // said to the player to move only once their rack shows, never on the hand-off,
        // before they have the device
        if g.is_over() || self.can_play != Some(false) || self.screen() != Screen::Turn {
            return None;
        }
        let exchange = g.can_exchange(1).is_ok();
        Some(match (g.mode(), g.kind(), exchange) {
            (Mode::Standard, Kind::Solitaire, true) => {
                "No card formula fits your rack — exchange tiles or end the game."
            }
            (Mode::Standard, Kind::PassAndPlay, true) => {
                "No card formula fits your rack — exchange tiles or pass."
            }
            (Mode::Standard, Kind::Solitaire, false) => {
                "No card formula fits your rack, and no exchange can be made — end the game."
            }
            (Mode::Standard, Kind::PassAndPlay, false) => {
                "No card formula fits your rack, and the bag is empty — pass."
            }
            (Mode::Theory | Mode::Chemist, Kind::Solitaire, true) => {
                "No formula can be made from your rack here — exchange tiles or end the game."
            }
            (Mode::Theory | Mode::Chemist, Kind::PassAndPlay, true) => {
                "No formula can be made from your rack here — exchange tiles or pass."
            }
            (Mode::Theory | Mode::Chemist, Kind::Solitaire, false) => {
                "No formula can be made from your rack here, and no exchange can be made — \
                 end the game."
            }
            (Mode::Theory | Mode::Chemist, Kind::PassAndPlay, false) => {
                "No formula can be made from your rack here, and the bag is empty — pass."
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::testing::*;
    use molscrab_engine::board::Placement;
    use molscrab_engine::computer::Level;
    use molscrab_engine::elements::Element::*;
    use molscrab_engine::elements::Tile;
    use molscrab_engine::record::{GameRecord, Kind, Move};
    use molscrab_engine::referee::Mode;

    /// A formula off the card is tagged one way everywhere: Hypothetical until the engine's
    /// worker names it, then documented by that name in the turn's news, the hand-off's line
    /// and the notebook alike: never "(Hypothetical)" beside a documented name.
    #[test]
    fn a_documented_formula_is_tagged_alike_in_every_line() {
        let names = vec!["You".into(), "Bot".into()];
        let mut record = GameRecord::new_game(Kind::PassAndPlay, Mode::Theory, names, 1, 1);
        record.computers = Some(vec![None, Some(Level::Chemist)]);
        record.bag = Some(tiles("C C C C C O O H Br O O O O O"));
        let mut s = open(record);
        let (moves, _) = s.wants_computer_move().expect("the computer moves first");
        let play = Move::Play(vec![Placement::new(7, 7, H), Placement::new(7, 8, Br)]);
        let turn = s.computer_moved(moves, &play).expect("HBr is played");
        let said = |s: &Session| match s.notice() {
            Some(Notice::Info(said)) => said.clone(),
            other => panic!("{other:?}"),
        };
        assert!(said(&s).contains("HBr (Hypothetical)"), "{}", said(&s));
        assert_eq!(s.names_to_ask(), vec!["H Br".to_string()]);
        assert_eq!(s.names_to_ask(), Vec::<String>::new(), "asked once");
        assert!(!s.learn_names(&[("C O".into(), "carbon monoxide".into())]));
        assert!(s.learn_names(&[("H Br".into(), "hydrogen bromide".into())]));
        assert_eq!(
            s.documented_name(&[Br, H]),
            None,
            "another order is another formula"
        );
        assert_eq!(s.documented_name(&[H, Br]), Some("hydrogen bromide"));
        for line in [said(&s), s.summary(&turn, 1)] {
            assert!(
                line.contains("HBr — hydrogen bromide") && !line.contains("Hypothetical"),
                "{line}"
            );
        }
    }

    /// The session once the engine's answer to "can the player to move play?" is in, as the
    /// worker gives it in the browser.
    fn answered(mut s: Session) -> Session {
        assert!(s.wants_can_play());
        assert_eq!(s.stuck(), None, "nothing is said before the answer is in");
        let moves = s.game().moves().len();
        let can_play = s.game().has_legal_play();
        s.learn_can_play(moves, can_play);
        assert!(!s.wants_can_play());
        s
    }

    #[test]
    fn a_rack_with_no_legal_play_is_told_what_to_do_instead() {
        // Standard Mode: no card formula from He Ne U Au Pt Hg Cr
        let stuck = "He Ne U Au Pt Hg Cr H H O O C C N N";
        let s = answered(solitaire(false, stuck));
        assert_eq!(
            s.stuck(),
            Some("No card formula fits your rack — exchange tiles or end the game.")
        );
        let s = answered(pass_and_play(false, stuck));
        assert_eq!(
            s.stuck(),
            Some("No card formula fits your rack — exchange tiles or pass.")
        );
        // Theory Mode: helium and neon alone bond with nothing, and the bag is empty
        let s = answered(pass_and_play(true, "He Ne H"));
        assert_eq!(
            s.stuck(),
            Some("No formula can be made from your rack here, and the bag is empty — pass.")
        );
        // water fits
        assert_eq!(
            answered(solitaire(false, "H H O C C Na Cl O O O H H")).stuck(),
            None
        );
    }

    #[test]
    fn a_stuck_rack_is_said_once_it_shows_not_at_the_hand_off() {
        let names = vec!["Ada".into(), "Ben".into()];
        let mut record = GameRecord::new_game(Kind::PassAndPlay, Mode::Standard, names, 0, 1);
        record.bag = Some(tiles("He Ne U Au Pt Hg Cr H H O O C C N N"));
        let mut s = open(record);
        assert_eq!(s.screen(), Screen::Handoff);
        let moves = s.game().moves().len();
        s.learn_can_play(moves, false);
        assert_eq!(s.stuck(), None, "the rack is not in sight yet");
        s.reveal();
        assert_eq!(
            s.stuck(),
            Some("No card formula fits your rack — exchange tiles or pass.")
        );
    }

    #[test]
    fn an_answer_about_an_earlier_turn_is_dropped() {
        let mut s = solitaire(false, "He Ne U Au Pt Hg Cr H H O O C C N N");
        s.learn_can_play(3, false);
        assert!(s.wants_can_play());
        assert_eq!(s.stuck(), None);
        // after an exchange the turn is new: the old answer is forgotten
        let mut s = answered(s);
        assert!(s.stuck().is_some());
        s.start_exchange();
        s.tap_rack(0);
        s.confirm_exchange().expect("exchanged");
        assert!(s.wants_can_play());
        s.learn_can_play(0, false);
        assert!(s.wants_can_play(), "asked before the exchange: dropped");
    }

    #[test]
    fn hindsight_shows_the_board_before_a_move_with_the_best_play_on_it() {
        let mut s = solitaire(true, "H H O C C Na Cl O O O H H");
        let best = molscrab_engine::movegen::best_play(s.game()).unwrap();
        assert!(
            !s.look_back(0, best.tiles.clone()),
            "not while the game is on"
        );
        place(&mut s, Tile::Element(H), 7, 6);
        place(&mut s, Tile::Element(H), 7, 7);
        place(&mut s, Tile::Element(O), 7, 8);
        s.submit().expect("water");
        s.ask_end();
        s.confirm_end().expect("ended");
        assert!(!s.look_back(2, best.tiles.clone()), "past the last move");
        assert!(s.look_back(0, best.tiles.clone()));
        let (before, play) = s.looking_back().unwrap();
        assert!(before.moves().is_empty() && before.board().placements().next().is_none());
        assert_eq!(play, best.tiles.as_slice());
        s.stop_looking_back();
        assert!(s.looking_back().is_none());
    }
}
