//! The fuzz targets' checks, one function per target; `cargo test` runs them too on the kept regression inputs (tests/fuzz_regressions.rs includes this file).
//!
//! Each check panics on a finding, which is what libFuzzer reports as a crash.

use std::sync::OnceLock;

use molscrab_engine::board::Placement;
use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::game::Game;
use molscrab_engine::movegen::MoveGenerator;
use molscrab_engine::record::{GameRecord, Kind, Move};
use molscrab_engine::referee::{chemist, Mode};
use molscrab_engine::table_link::{open_link, Opened, TableLink, TableState};
use molscrab_engine::variants::{Variant, Variants};

/// The chemist's referee judges from the table of documented substances, installed once per
/// process as the command-line tool and the app's worker install it: without it a record with
/// `"referee": "chemist"` is refused before any move is replayed.
fn install_substances() {
    if chemist::installed().is_none() {
        let table = Substances::parse(include_str!("../../../../public/lazy/substances.txt"))
            .unwrap_or_else(|e| panic!("the committed table of substances doesn't read: {e}"));
        chemist::install(&table);
    }
}

/// `record`: any text through the JSON reader, the record reader and `Game::load` (a chemist's
/// record too: the table is installed): no panic, what was read writes back and reads again
/// the same, a loaded game saves and loads the same.
pub fn check_record(data: &[u8]) {
    install_substances();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(value) = molscrab_json::parse(text) {
        let compact = value.to_string();
        let again = molscrab_json::parse(&compact)
            .unwrap_or_else(|e| panic!("written JSON doesn't read back: {e}\n{compact}"));
        assert_eq!(again, value, "JSON round trip (compact) changed the value");
        let pretty = value.to_pretty();
        let again = molscrab_json::parse(&pretty)
            .unwrap_or_else(|e| panic!("pretty JSON doesn't read back: {e}\n{pretty}"));
        assert_eq!(again, value, "JSON round trip (pretty) changed the value");
    }
    if let Ok(record) = GameRecord::parse(text) {
        let json = record.to_json();
        let again = GameRecord::parse(&json)
            .unwrap_or_else(|e| panic!("written record doesn't read back: {e}\n{json}"));
        assert_eq!(again, record, "record round trip changed the record");
    }
    if let Ok(loaded) = Game::load(text) {
        let game = &loaded.game;
        if let Err(e) = game.check_invariants() {
            panic!("a loaded game breaks an invariant: {e}");
        }
        saves_and_loads_the_same(game);
    }
}

/// `replay`: a game built from a small seed and a list of moves decoded from the bytes, under
/// any of the three referees; the invariants hold after every move, a refused move changes
/// nothing, and the record replays to the same game.
pub fn check_replay(data: &[u8]) {
    install_substances();
    let mut bytes = Bytes { data, at: 0 };
    let setup = bytes.byte_or_zero();
    let theory = setup & 1 == 1;
    let seats = match (setup >> 1) & 3 {
        0 => 1,
        n => usize::from(n) + 1,
    };
    let kind = Kind::of_seats(seats);
    let first = usize::from((setup >> 3) & 3) % seats;
    let seed_byte = bytes.byte_or_zero();
    let seed = u64::from(seed_byte);
    // the lowest bit is Theory Mode; without it, the seed's top bit is the chemist's referee
    let mode = match (theory, seed_byte & 0x80 != 0) {
        (true, _) => Mode::Theory,
        (false, true) => Mode::Chemist,
        (false, false) => Mode::Standard,
    };
    let players = (1..=seats).map(|i| format!("P{i}")).collect();
    let mut record = GameRecord::new_game(kind, mode, players, first, seed);
    // the top bits play table variants: Biology Bonus; Organic (Theory), Ion Rules (the
    // chemist's referee: Theory's charged search is too slow to fuzz) or Speed Lab (Pass and
    // Play)
    let mut variants = Variants::NONE;
    if setup & 0x40 != 0 {
        variants = variants.with(Variant::BiologyBonus);
    }
    if setup & 0x80 != 0 {
        variants = match mode {
            Mode::Theory => variants.with(Variant::Organic),
            Mode::Chemist => variants.with(Variant::IonRules),
            Mode::Standard => variants,
        };
    }
    if setup & 0x80 != 0 && kind == Kind::PassAndPlay {
        variants = variants.with(Variant::SpeedLab);
    }
    record.variants = variants;
    // a short explicit bag reaches the end of a game (went out, Clean Bench) in a few moves
    if setup & 0x20 != 0 {
        let n = usize::from(bytes.byte_or_zero() % 48);
        record.bag = Some((0..n).map(|_| tile(bytes.byte_or_zero())).collect());
    }
    let mut game = Game::start(record).expect("a valid start is refused");
    let mut generator = MoveGenerator::new();
    if let Err(e) = game.check_invariants() {
        panic!("the start breaks an invariant: {e}");
    }
    let mut tried = 0;
    while let Some(op) = bytes.byte() {
        tried += 1;
        // a whole game rarely takes more; more moves per input mean far fewer inputs a second
        if tried > 60 {
            break;
        }
        let before = Snapshot::of(&game);
        let outcome = match op % 8 {
            0 | 1 | 7 => {
                // the best play, as self-play makes it (enumerating every legal play instead
                // is too slow to fuzz: a rack with wild isotopes has hundreds of thousands)
                let chosen = generator.best_play(&game);
                let Some(chosen) = chosen else {
                    continue;
                };
                // the generator's score includes the Biology Bonus, as the game awards it
                match game.play(&chosen.tiles) {
                    Ok(turn) => {
                        assert_eq!(
                            turn.score, chosen.score,
                            "a generated play {:?} scored differently",
                            chosen.tiles
                        );
                        Ok(())
                    }
                    Err(e) => panic!("a generated play {:?} is refused: {e}", chosen.tiles),
                }
            }
            2 | 3 => {
                let tiles = some_placements(&game, &mut bytes);
                game.play(&tiles).map(|_| ())
            }
            4 => {
                let mask = bytes.byte_or_zero();
                let rack = game.rack(game.to_move()).to_vec();
                let mut tiles: Vec<Tile> = rack
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, &t)| t)
                    .collect();
                // the top bit asks for a tile that may not be on the rack
                if mask & 0x80 != 0 {
                    tiles.push(tile(bytes.byte_or_zero()));
                }
                game.exchange(&tiles).map(|_| ())
            }
            5 if game.variants().turn_seconds().is_some() => game.time_out().map(|_| ()),
            5 => game.pass().map(|_| ()),
            _ => game.end().map(|_| ()),
        };
        match outcome {
            Ok(()) => {
                assert_eq!(
                    game.moves().len(),
                    before.moves + 1,
                    "an accepted move isn't recorded"
                );
                if let Err(e) = game.check_invariants() {
                    panic!("after move {}: {e}", game.moves().len());
                }
            }
            Err(_) => assert!(
                before == Snapshot::of(&game),
                "a refused move changed the game"
            ),
        }
    }
    saves_and_loads_the_same(&game);
}

/// The record's JSON loads to the same game: board, racks, bag, turns, scores, ending; and the
/// record reads back equal.
fn saves_and_loads_the_same(game: &Game) {
    let record = game.record();
    let json = record.to_json();
    let again = match GameRecord::parse(&json) {
        Ok(again) => again,
        Err(e) => panic!("the game's record doesn't read back: {e}\n{json}"),
    };
    assert_eq!(again, record, "the game's record changed on reading back");
    let loaded = match Game::load(&json) {
        Ok(loaded) => loaded.game,
        Err(e) => panic!("the game's record doesn't load: {e}\n{json}"),
    };
    assert!(
        Snapshot::of(&loaded) == Snapshot::of(game),
        "the record loads to a different game\n{json}"
    );
    assert_eq!(loaded.turns(), game.turns(), "turns differ after loading");
}

/// What a move may change, to compare a game before and after.
#[derive(PartialEq)]
struct Snapshot {
    moves: usize,
    turns: usize,
    board: molscrab_engine::board::Board,
    racks: Vec<Vec<Tile>>,
    bag: Vec<Tile>,
    scores: Vec<i32>,
    to_move: usize,
    ending: Option<molscrab_engine::turn::Ending>,
    exchanges_left: Option<u8>,
}

impl Snapshot {
    fn of(game: &Game) -> Snapshot {
        Snapshot {
            moves: game.moves().len(),
            turns: game.turns().len(),
            board: game.board().clone(),
            racks: (0..game.players().len())
                .map(|s| game.rack(s).to_vec())
                .collect(),
            bag: game.bag().to_vec(),
            scores: game.scores(),
            to_move: game.to_move(),
            ending: game.ending(),
            exchanges_left: game.exchanges_left(),
        }
    }
}

// tiles from the rack (mostly) on a line near the centre, with a few ways to go wrong: a gap,
// a square already filled, a tile not on the rack, the edge of the board
fn some_placements(game: &Game, bytes: &mut Bytes<'_>) -> Vec<Placement> {
    let rack = game.rack(game.to_move()).to_vec();
    let shape = bytes.byte_or_zero();
    let n = 1 + usize::from(shape % 7);
    let down = shape & 0x08 != 0;
    let mut row = 4 + bytes.byte_or_zero() % 7;
    let mut col = 4 + bytes.byte_or_zero() % 7;
    if shape & 0x80 != 0 {
        // anywhere, even off the board
        row = bytes.byte_or_zero() % 17;
        col = bytes.byte_or_zero() % 17;
    }
    let mut tiles = Vec::with_capacity(n);
    for _ in 0..n {
        let pick = bytes.byte_or_zero();
        let from_rack = match rack.get(usize::from(pick % 8)) {
            Some(&t) if pick & 0x40 == 0 => t,
            _ => tile(pick),
        };
        let placement = match from_rack {
            Tile::Element(el) => Placement::new(row, col, el),
            Tile::Wild => Placement::wild(row, col, element(bytes.byte_or_zero())),
        };
        tiles.push(placement);
        // skip squares already filled, unless asked to play onto one
        let step = 1 + u8::from(shape & 0x10 != 0 && pick & 0x20 != 0);
        loop {
            if down {
                row = row.saturating_add(step);
            } else {
                col = col.saturating_add(step);
            }
            if shape & 0x20 != 0 || !game.board().is_filled(usize::from(row), usize::from(col)) {
                break;
            }
        }
    }
    tiles
}

fn element(b: u8) -> Element {
    Element::ALL[usize::from(b) % Element::COUNT]
}

fn tile(b: u8) -> Tile {
    if usize::from(b) % (Element::COUNT + 1) == Element::COUNT {
        Tile::Wild
    } else {
        Tile::Element(element(b))
    }
}

struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = self.data.get(self.at).copied();
        self.at += 1;
        b
    }

    fn byte_or_zero(&mut self) -> u8 {
        self.byte().unwrap_or(0)
    }
}

#[path = "../../tests/link_writer/mod.rs"]
mod link_writer;

/// A 3-seat table, 5 moves in, seen from seat 1: what the `link` target applies links to.
fn link_target_table() -> &'static TableState {
    static TABLE: OnceLock<TableState> = OnceLock::new();
    TABLE.get_or_init(|| {
        let start = GameRecord::new_game(
            Kind::PassAndPlay,
            Mode::Theory,
            vec!["Ada".into(), "Bo".into(), "Cy".into()],
            0,
            7,
        );
        let mut moves = Vec::new();
        let mut game = Game::start(start.clone()).unwrap_or_else(|e| panic!("{e}"));
        let mut generator = MoveGenerator::new();
        for _ in 0..5 {
            let mv = generator
                .best_play(&game)
                .map_or(Move::Pass, |c| Move::Play(c.tiles));
            game.apply(&mv).unwrap_or_else(|e| panic!("{e}"));
            moves.push(mv);
        }
        let mut record = start;
        record.moves = moves;
        TableState::create(record, 1, 1).unwrap_or_else(|e| panic!("{e}"))
    })
}

/// `link`: text starting `t` is read as a link; other bytes are sealed first (length and
/// checksum right, by the second link writer, `tests/link_writer`) so that the fields' reader is reached. No
/// panic; whatever reads writes back and reads the same; applied to a table or joined, the
/// result keeps every invariant and replays from its record.
pub fn check_link(data: &[u8]) {
    let text = if data.first() == Some(&b't') {
        match std::str::from_utf8(data) {
            Ok(text) => text.to_string(),
            Err(_) => return,
        }
    } else {
        link_writer::seal(data)
    };
    let table = link_target_table();
    let opened = open_link(std::slice::from_ref(table), &text);
    let Ok(link) = TableLink::decode(&text) else {
        assert!(opened.is_err(), "a link that does not read was opened");
        return;
    };
    let again = TableLink::decode(&link.encode())
        .unwrap_or_else(|e| panic!("a written link doesn't read back: {e}"));
    assert_eq!(again, link, "link round trip changed the link");
    let changed = match opened {
        Ok(Opened::Joined(t)) => *t,
        Ok(Opened::Advanced { table: t, .. }) => *t,
        Ok(Opened::NothingNew { .. }) | Err(_) => return,
    };
    if let Err(e) = changed.game().check_invariants() {
        panic!("a table after a link breaks an invariant: {e}");
    }
    let replayed = Game::replay(&changed.record())
        .unwrap_or_else(|e| panic!("a table after a link doesn't replay: {e}"));
    assert_eq!(replayed.scores(), changed.game().scores());
    let saved = TableState::parse(&changed.to_json())
        .unwrap_or_else(|e| panic!("a table after a link doesn't save and read: {e}"));
    assert_eq!(saved.record(), changed.record());
}
