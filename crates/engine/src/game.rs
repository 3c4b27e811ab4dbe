//! A game in progress: turns, racks, exchanges, passes, the end and its adjustments (RULES §6).

use std::sync::Arc;

use crate::bag::Bag;
use crate::board::{Board, Placement};
use crate::elements::{Element, Tile, RACK_SIZE};
use crate::error::{LoadError, MoveError, ReplayError};
use crate::kind::Kind;
use crate::level::Level;
use crate::movegen::{self, PlayerToMove, Position};
use crate::placement::formulas_made;
use crate::rank::Rank;
use crate::record::{GameRecord, Move, RecordError};
use crate::referee::{chemist, Edition, Mode};
use crate::scoring::{formula_score, full_reaction, CLEAN_BENCH};
use crate::stats::SeatStats;
use crate::turn::{Ending, PlayReport, ScoredFormula, Turn, TurnKind};
use crate::variants::{judge_with, Variant, Variants};
use molscrab_json::Value;

/// Solitaire's exchanges per game.
pub const SOLITAIRE_EXCHANGES: u8 = 3;

/// A game read by [`Game::load`], and the app's screen state saved beside it (unsubmitted
/// tiles, the screen shown): the rules never read `ui`, so it is handed back untouched.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub game: Game,
    pub ui: Option<Value>,
}

/// A game: a start plus the moves applied so far. Cloning it is cheap (the start is shared).
#[derive(Clone, Debug)]
pub struct Game {
    start: Arc<GameRecord>,
    moves: Vec<Move>,
    board: Board,
    bag: Bag,
    racks: Vec<Vec<Tile>>,
    turns: Vec<Turn>,
    leftovers: Vec<i32>,
    to_move: usize,
    passes_in_a_row: usize,
    exchanges_used: u8,
    ending: Option<Ending>,
}

fn rack_points(rack: &[Tile]) -> i32 {
    rack.iter().map(|t| i32::from(t.points())).sum()
}

// the rack left once `tiles` are taken off it, or the first tile it lacks
fn take_off(rack: &[Tile], tiles: impl IntoIterator<Item = Tile>) -> Result<Vec<Tile>, Tile> {
    let mut left = rack.to_vec();
    for t in tiles {
        let at = left.iter().position(|&r| r == t).ok_or(t)?;
        left.remove(at);
    }
    Ok(left)
}

impl Game {
    /// Starts a game from a record's start (its moves are not applied: see [`Game::replay`]).
    /// Deals seats 0, 1, … seven tiles each.
    pub fn start(record: GameRecord) -> Result<Game, RecordError> {
        let mut start = record;
        start.moves.clear();
        start.validate()?;
        let mut bag = match &start.bag {
            Some(tiles) => Bag::explicit(tiles.clone()),
            None => Bag::seeded(start.seed),
        };
        let seats = start.players.len();
        let racks: Vec<Vec<Tile>> = (0..seats).map(|_| bag.draw(RACK_SIZE)).collect();
        Ok(Game {
            to_move: start.first,
            start: Arc::new(start),
            moves: Vec::new(),
            board: Board::new(),
            bag,
            racks,
            turns: Vec::new(),
            leftovers: vec![0; seats],
            passes_in_a_row: 0,
            exchanges_used: 0,
            ending: None,
        })
    }

    /// A new game with the full bag shuffled by `seed`.
    pub fn new(
        kind: Kind,
        mode: Mode,
        players: Vec<String>,
        first: usize,
        seed: u64,
    ) -> Result<Game, RecordError> {
        Game::start(GameRecord::new_game(kind, mode, players, first, seed))
    }

    /// Every state is a replay: start, then apply the moves in order.
    pub fn replay(record: &GameRecord) -> Result<Game, ReplayError> {
        let mut start = record.clone();
        let moves = std::mem::take(&mut start.moves);
        let mut game = Game::start(start).map_err(|e| ReplayError {
            move_index: 0,
            error: MoveError::Record(e),
        })?;
        for (move_index, mv) in moves.iter().enumerate() {
            game.apply(mv)
                .map_err(|error| ReplayError { move_index, error })?;
        }
        Ok(game)
    }

    /// The one way in for a save, an import or a file: parse the record once, replay it once.
    /// The record's `"ui"` comes back as written, beside the game. Never panics.
    pub fn load(text: &str) -> Result<Loaded, LoadError> {
        let record = GameRecord::parse(text).map_err(LoadError::Record)?;
        let game = Game::replay(&record).map_err(LoadError::Replay)?;
        Ok(Loaded {
            game,
            ui: record.ui,
        })
    }

    /// The computer level playing `seat`, `None` for a person (RULES §10 `computers`).
    pub fn computer(&self, seat: usize) -> Option<Level> {
        self.start.computers.as_ref()?.get(seat).copied().flatten()
    }

    /// Notes that the player to move asked for a hint before this move (the record's `hints`);
    /// asking again before the same move changes nothing.
    pub fn note_hint(&mut self) {
        let now = self.moves.len();
        if !self.is_over() && self.start.hints.last() != Some(&now) {
            Arc::make_mut(&mut self.start).hints.push(now);
        }
    }

    /// Whether the player to move asked for a hint before move `n` (0-based).
    pub fn hinted_before(&self, n: usize) -> bool {
        self.start.hints.contains(&n)
    }

    /// How many hints each seat asked for: hint `n` belongs to whoever made (or is to make)
    /// move `n`, as seats take turns in order from `first`.
    pub fn hints_per_seat(&self) -> Vec<usize> {
        let seats = self.racks.len().max(1);
        let mut counts = vec![0; self.racks.len()];
        for &n in &self.start.hints {
            if let Some(c) = counts.get_mut((self.start.first + n) % seats) {
                *c += 1;
            }
        }
        counts
    }

    /// The start plus the moves so far: what a save holds.
    /// The seed of the game's shuffle (with the players and the moves, it tells one game from
    /// another).
    pub fn seed(&self) -> u64 {
        self.start.seed
    }

    pub fn record(&self) -> GameRecord {
        let mut record = GameRecord::clone(&self.start);
        record.moves = self.moves.clone();
        record
    }

    /// This position without its history, for a search that plays on from it (the endgame
    /// solver): the board, the racks, the bag, whose turn it is and the passes in a row are
    /// kept, the moves and turns are not, so its scores count from 0 and its record does not
    /// replay. Cloning it stays cheap however long the game has run.
    pub(crate) fn without_history(&self) -> Game {
        Game {
            start: Arc::clone(&self.start),
            moves: Vec::new(),
            board: self.board.clone(),
            bag: self.bag.clone(),
            racks: self.racks.clone(),
            turns: Vec::new(),
            leftovers: vec![0; self.racks.len()],
            to_move: self.to_move,
            passes_in_a_row: self.passes_in_a_row,
            exchanges_used: self.exchanges_used,
            ending: self.ending,
        }
    }

    /// A search's copy with `seat`'s rack as a player would picture it: with the bag empty,
    /// the opponent's rack is the unseen tiles, a multiset in no order a player could know.
    pub(crate) fn with_rack(mut self, seat: usize, rack: Vec<Tile>) -> Game {
        self.set_rack(seat, rack);
        self
    }

    /// Passes in a row since the last play or exchange (2 × seats of them end the game).
    pub(crate) fn passes_in_a_row(&self) -> usize {
        self.passes_in_a_row
    }

    pub fn apply(&mut self, mv: &Move) -> Result<&Turn, MoveError> {
        match mv {
            Move::Play(tiles) => self.play(tiles),
            Move::Exchange(tiles) => self.exchange(tiles),
            Move::Pass => self.pass(),
            Move::End => self.end(),
        }
    }

    /// Checks and scores a play without changing anything (the UI calls this on Submit).
    pub fn preview_play(&self, tiles: &[Placement]) -> Result<PlayReport, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let runs = formulas_made(&self.board, tiles)?;
        let left = take_off(self.rack(self.to_move), tiles.iter().map(|p| p.rack_tile()))
            .map_err(MoveError::NotOnRack)?;
        let after = self.board.with(tiles);
        let (mode, edition) = (self.mode(), self.edition());
        let variants = self.variants();
        let mut formulas = Vec::with_capacity(runs.len());
        let mut rejections = Vec::new();
        for run in runs {
            let elements: Vec<Element> = run
                .squares()
                .filter_map(|(r, c)| after.get(r, c).map(|t| t.el))
                .collect();
            // Ion Rules widen the referee; Organic Chemistry Mode then refuses what it
            // accepts without C and H
            match judge_with(mode, edition, variants, &elements) {
                Ok(accepted) => formulas.push(ScoredFormula {
                    score: formula_score(&after, run, tiles),
                    tiles: elements,
                    known: accepted.known,
                    card: accepted.card,
                    charge: accepted.charge,
                    run,
                }),
                Err(rejection) => rejections.push(rejection),
            }
        }
        if !rejections.is_empty() {
            return Err(MoveError::Formulas(rejections));
        }
        let out = left.is_empty() && self.bag.is_empty();
        let solitaire = self.kind() == Kind::Solitaire;
        let clean_bench = out && solitaire;
        let full = full_reaction(tiles.len());
        let bonus = full + if clean_bench { CLEAN_BENCH } else { 0 };
        let biology_bonus = variants.biology_bonus(&formulas);
        let score = formulas.iter().map(|f| f.score).sum::<i32>() + bonus + biology_bonus;
        Ok(PlayReport {
            formulas,
            score,
            bonus,
            biology_bonus,
            full_reaction: full > 0,
            clean_bench,
            went_out: out && !solitaire,
        })
    }

    /// Places tiles, scores them, refills the rack; may end the game (went out, Clean Bench).
    pub fn play(&mut self, tiles: &[Placement]) -> Result<&Turn, MoveError> {
        let report = self.preview_play(tiles)?;
        let seat = self.to_move;
        let left = take_off(self.rack(seat), tiles.iter().map(|p| p.rack_tile()))
            .map_err(MoveError::NotOnRack)?;
        let mut rack = left;
        rack.extend(self.bag.draw(RACK_SIZE.saturating_sub(rack.len())));
        self.set_rack(seat, rack);
        self.board.put(tiles);
        self.passes_in_a_row = 0;
        if report.clean_bench {
            self.ending = Some(Ending::CleanBench);
        } else if report.went_out {
            let mut total = 0;
            for other in (0..self.racks.len()).filter(|&s| s != seat) {
                let points = rack_points(self.rack(other));
                total += points;
                self.set_leftover(other, -points);
            }
            self.set_leftover(seat, total);
            self.ending = Some(Ending::WentOut);
        }
        self.moves.push(Move::Play(tiles.to_vec()));
        self.finish_turn(Turn {
            seat,
            kind: TurnKind::Play,
            formulas: report.formulas,
            score: report.score,
            bonus: report.bonus,
            biology_bonus: report.biology_bonus,
            full_reaction: report.full_reaction,
            clean_bench: report.clean_bench,
            placed: tiles.to_vec(),
            exchanged: 0,
        })
    }

    /// Whether the player to move may exchange `n` tiles now.
    pub fn can_exchange(&self, n: usize) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.exchanges_left() == Some(0) {
            return Err(MoveError::NoExchangesLeft);
        }
        if self.bag.is_empty() {
            return Err(MoveError::BagEmpty);
        }
        if n == 0 {
            return Err(MoveError::NothingToExchange);
        }
        if n > self.bag.len() {
            return Err(MoveError::MoreThanBag {
                asked: n,
                in_bag: self.bag.len(),
            });
        }
        Ok(())
    }

    /// Draws as many new tiles first, then puts the chosen ones back in the bag.
    pub fn exchange(&mut self, tiles: &[Tile]) -> Result<&Turn, MoveError> {
        self.can_exchange(tiles.len())?;
        let seat = self.to_move;
        let mut rack = self.rack(seat).to_vec();
        take_off(&rack, tiles.iter().copied()).map_err(MoveError::NotOnRack)?;
        let drawn = self.bag.draw(tiles.len());
        // the new tiles take the exchanged tiles' places on the rack
        let mut drawn = drawn.into_iter();
        for t in tiles {
            if let Some(at) = rack.iter().position(|r| r == t) {
                rack.remove(at);
                if let Some(new) = drawn.next() {
                    rack.insert(at, new);
                }
            }
        }
        rack.extend(drawn);
        self.set_rack(seat, rack);
        self.bag.give_back(tiles);
        if self.kind() == Kind::Solitaire {
            self.exchanges_used = self.exchanges_used.saturating_add(1);
        }
        self.passes_in_a_row = 0;
        self.moves.push(Move::Exchange(tiles.to_vec()));
        self.finish_turn(Turn::scoreless(seat, TurnKind::Exchange, tiles.len()))
    }

    /// Whether the player to move can make any legal play with their rack (the move
    /// generator stops at the first it finds); false once the game is over.
    pub fn has_legal_play(&self) -> bool {
        movegen::has_legal_play(self)
    }

    /// The player to move's position, for the move generator: the board, their rack, and the
    /// rules the game is played under (its referee, the table variants that change which
    /// formulas count — Organic Chemistry Mode in Theory Mode, Ion Rules beyond Standard Mode —
    /// and the chemist's lexicon, when installed, with the edition of its rules the game is
    /// played under).
    pub fn position(&self) -> Position<'_> {
        Position {
            board: self.board(),
            rack: self.rack(self.to_move()),
            mode: self.mode(),
            edition: self.edition(),
            clean_bench: self.kind() == Kind::Solitaire && self.bag_len() == 0,
            max_tiles: RACK_SIZE,
            canonical: false,
            // the generator plays each only under a referee it fits (`Mode::by_valency`,
            // `Mode::takes_ions`)
            organic: self.variants().contains(Variant::Organic),
            ions: self.variants().ions(),
            biology: self.variants().contains(Variant::BiologyBonus),
            lexicon: chemist::installed(),
        }
    }

    pub fn can_pass(&self) -> bool {
        !self.is_over() && self.kind() == Kind::PassAndPlay
    }

    /// Pass and Play only; two passes in a row from everyone ends the game.
    pub fn pass(&mut self) -> Result<&Turn, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.kind() == Kind::Solitaire {
            return Err(MoveError::SolitaireCannotPass);
        }
        let seat = self.to_move;
        self.passes_in_a_row += 1;
        if self.passes_in_a_row >= 2 * self.racks.len() {
            for s in 0..self.racks.len() {
                let points = rack_points(self.rack(s));
                self.set_leftover(s, -points);
            }
            self.ending = Some(Ending::AllPassed);
        }
        self.moves.push(Move::Pass);
        self.finish_turn(Turn::scoreless(seat, TurnKind::Pass, 0))
    }

    /// Speed Lab: the turn's time ran out, so it is passed (recorded as `{"pass": true}`, and
    /// counted towards "everyone stuck" like any pass). The app puts the tentative tiles back
    /// first. Speed Lab is never played in Solitaire, so a pass is always there to take.
    pub fn time_out(&mut self) -> Result<&Turn, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.variants().turn_seconds().is_none() {
            return Err(MoveError::NoTurnTimer);
        }
        self.pass()
    }

    /// Solitaire's End game: the rack's points are subtracted.
    pub fn end(&mut self) -> Result<&Turn, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.kind() != Kind::Solitaire {
            return Err(MoveError::EndOnlyInSolitaire);
        }
        let seat = self.to_move;
        let points = rack_points(self.rack(seat));
        self.set_leftover(seat, -points);
        self.ending = Some(Ending::EndedEarly);
        self.moves.push(Move::End);
        self.finish_turn(Turn::scoreless(seat, TurnKind::End, 0))
    }

    fn set_rack(&mut self, seat: usize, rack: Vec<Tile>) {
        if let Some(slot) = self.racks.get_mut(seat) {
            *slot = rack;
        }
    }

    fn set_leftover(&mut self, seat: usize, points: i32) {
        if let Some(slot) = self.leftovers.get_mut(seat) {
            *slot = points;
        }
    }

    fn finish_turn(&mut self, turn: Turn) -> Result<&Turn, MoveError> {
        self.turns.push(turn);
        if self.ending.is_none() && !self.racks.is_empty() {
            self.to_move = (self.to_move + 1) % self.racks.len();
        }
        // just pushed, so never empty
        self.turns.last().ok_or(MoveError::GameOver)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A seat's rack; empty for a seat that doesn't exist.
    pub fn rack(&self, seat: usize) -> &[Tile] {
        self.racks.get(seat).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    /// The tiles still in the bag, next draw first.
    pub fn bag(&self) -> &[Tile] {
        self.bag.tiles()
    }

    /// The seat whose turn it is (after the end: the last mover).
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    pub fn players(&self) -> &[String] {
        &self.start.players
    }

    pub fn kind(&self) -> Kind {
        self.start.kind
    }

    pub fn mode(&self) -> Mode {
        self.start.mode()
    }

    /// The edition of the chemist's rules the game is played under: its record's (RULES §11);
    /// [`Edition::Atoms`], read by none, under the other referees.
    pub fn edition(&self) -> Edition {
        self.start.edition()
    }

    /// The table variants the game is played with (RULES §10).
    pub fn variants(&self) -> Variants {
        self.start.variants
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Each seat's score: its turns plus its end-of-game adjustment.
    pub fn scores(&self) -> Vec<i32> {
        let mut scores = self.leftovers.clone();
        for turn in &self.turns {
            if let Some(s) = scores.get_mut(turn.seat) {
                *s += turn.score;
            }
        }
        scores
    }

    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The last move, for the hand-off screen.
    pub fn last_turn(&self) -> Option<&Turn> {
        self.turns.last()
    }

    /// The points of the tiles on a seat's rack (a Wild Isotope counts 0).
    pub fn rack_points(&self, seat: usize) -> i32 {
        rack_points(self.rack(seat))
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// How the game ended, for the results screen, naming who went out: "Ada went out."
    pub fn ending_text(&self) -> Option<String> {
        match self.ending? {
            Ending::WentOut => {
                let seat = self.turns.last().map_or(0, |t| t.seat);
                let name = self.players().get(seat).map_or("A player", String::as_str);
                Some(format!("{name} went out."))
            }
            other => Some(other.describe().to_string()),
        }
    }

    /// The top seats in ascending order once the game has ended; several means a tie.
    pub fn winners(&self) -> Option<Vec<usize>> {
        self.ending?;
        let scores = self.scores();
        let best = scores.iter().copied().max()?;
        Some(
            scores
                .iter()
                .enumerate()
                .filter(|(_, &s)| s == best)
                .map(|(seat, _)| seat)
                .collect(),
        )
    }

    /// Each seat's signed end-of-game adjustment (0 while the game runs).
    pub fn leftovers(&self) -> Vec<i32> {
        self.leftovers.clone()
    }

    /// Solitaire: exchanges still allowed this game; `None` in Pass and Play (unlimited).
    pub fn exchanges_left(&self) -> Option<u8> {
        (self.kind() == Kind::Solitaire)
            .then(|| SOLITAIRE_EXCHANGES.saturating_sub(self.exchanges_used))
    }

    /// Solitaire rank for seat 0's current score.
    pub fn rank(&self) -> Rank {
        Rank::from_score(self.scores().first().copied().unwrap_or(0))
    }

    /// The side panel's counts for one seat.
    pub fn seat_stats(&self, seat: usize) -> SeatStats {
        SeatStats::of_seat(&self.turns, seat)
    }
}

// the generator asks a game for its player to move's position, none once the game is over
impl PlayerToMove for Game {
    fn position_to_move(&self) -> Option<Position<'_>> {
        (!self.is_over()).then(|| self.position())
    }
}

mod invariants;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

/// The tests' usual table: Ada and Bo at Pass and Play, Ada first, the bag shuffled by `seed`,
/// under `mode` with `variants`.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) fn two_seat_game(mode: Mode, seed: u64, variants: Variants) -> Game {
    let mut record = GameRecord::new_game(
        Kind::PassAndPlay,
        mode,
        vec!["Ada".into(), "Bo".into()],
        0,
        seed,
    );
    record.variants = variants;
    Game::start(record).unwrap_or_else(|e| panic!("{e}"))
}
