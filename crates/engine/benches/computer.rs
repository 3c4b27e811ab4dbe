//! Computer player benchmarks: each level's move time on fixed positions, the worst included (two Wild Isotopes on a full rack late in a game), the Professor without its leave tables beside it, a four-seat Theory table, a hint, and Hindsight on a whole Theory game that ends in a two-player endgame.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::computer::{Computer, Expert, Level};
use molscrab_engine::elements::Tile;
use molscrab_engine::game::Game;
use molscrab_engine::hindsight::hindsight;
use molscrab_engine::hints::hints;
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_engine::referee::{chemist, Mode};

#[path = "../tests/positions/mod.rs"]
mod positions;

fn describe(name: &str, game: &Game) {
    let rack: Vec<&str> = game
        .rack(game.to_move())
        .iter()
        .map(|t| t.symbol())
        .collect();
    println!(
        "{name}: {} tiles on the board, {} in the bag, rack {}",
        game.board().len(),
        game.bag_len(),
        rack.join(" ")
    );
}

/// The second move of a game: the board holds one play, the bag is full.
fn early(mode: Mode) -> Game {
    let mut game = positions::opening(mode, 4).unwrap_or_else(|| panic!("no opening"));
    let first = Computer::new().choose_move(&game, Level::Chemist);
    if let Some(mv) = first {
        let _ = game.apply(&mv);
    }
    game
}

/// The first Professor–Chemist Theory game (seeds from 1) whose bag empties with at least
/// four moves to go: Hindsight's endgame searches (two a bag-empty turn) at their most.
fn theory_endgame_game() -> GameRecord {
    (1..200)
        .map(|seed| {
            let levels = [Level::Professor, Level::Chemist];
            molscrab_engine::selfplay::play_game(
                &mut Computer::new(),
                seed,
                Mode::Theory,
                &levels,
                0,
            )
            .record
        })
        .find(|record| {
            let looked = hindsight(record).unwrap_or_else(|e| panic!("{e}"));
            looked.turns.iter().filter(|t| !t.refills).count() >= 4
        })
        .unwrap_or_else(|| panic!("no game with an endgame"))
}

/// A four-seat Theory game after `moves` Chemist moves: the Professor's look-ahead lets three
/// seats answer.
fn four_seats(moves: usize) -> Game {
    let names = ["Ada", "Bo", "Cy", "Di"].map(String::from).to_vec();
    let record = GameRecord::new_game(Kind::PassAndPlay, Mode::Theory, names, 0, 4);
    let mut game = Game::start(record).unwrap_or_else(|e| panic!("{e}"));
    let mut computer = Computer::new();
    for _ in 0..moves {
        if let Some(mv) = computer.choose_move(&game, Level::Chemist) {
            let _ = game.apply(&mv);
        }
    }
    game
}

fn levels(c: &mut Criterion) {
    // the chemist's referee judges from the committed table, installed as the worker installs it
    let table = include_str!("../../../public/lazy/substances.txt");
    chemist::install(&Substances::parse(table).unwrap_or_else(|e| panic!("the table: {e}")));
    let wilds = |game: &Game| {
        game.rack(game.to_move())
            .iter()
            .filter(|&&t| t == Tile::Wild)
            .count()
    };
    let late = positions::late_game(Mode::Theory, 2, 12)
        .unwrap_or_else(|| panic!("no late position with two wilds"));
    assert_eq!(wilds(&late), 2);
    let positions = [
        ("theory early", early(Mode::Theory)),
        (
            "theory mid, no wild",
            positions::mid_game(Mode::Theory, 0).unwrap_or_else(|| panic!("mid game")),
        ),
        (
            "theory mid, 2 wilds",
            positions::mid_game(Mode::Theory, 2).unwrap_or_else(|| panic!("mid game")),
        ),
        ("theory late, 2 wilds", late),
        (
            "standard mid",
            positions::mid_game(Mode::Standard, 0).unwrap_or_else(|| panic!("mid game")),
        ),
        ("chemist early", early(Mode::Chemist)),
        (
            "chemist mid",
            positions::mid_game(Mode::Chemist, 0).unwrap_or_else(|| panic!("mid game")),
        ),
        (
            "chemist mid, 2 wilds",
            positions::mid_game(Mode::Chemist, 2).unwrap_or_else(|| panic!("mid game")),
        ),
        ("theory mid, four seats", four_seats(12)),
    ];
    for (name, game) in &positions {
        describe(name, game);
    }
    let mut group = c.benchmark_group("computer");
    group.sample_size(10);
    for level in Level::ALL {
        for (name, game) in &positions {
            // a computer kept for the game, as the worker keeps one: verdicts stay warm
            let mut computer = Computer::new();
            let _ = computer.choose_move(game, level);
            group.bench_function(format!("{} {name}", level.code()), |b| {
                b.iter(|| computer.choose_move(black_box(game), level))
            });
        }
    }
    // the Professor without its leave tables: the look-ahead alone, everywhere
    for (name, game) in &positions {
        let mut computer = Computer::with_expert(Expert {
            leave: false,
            look_ahead_on_lists: true,
            ..Expert::default()
        });
        let _ = computer.choose_move(game, Level::Professor);
        group.bench_function(format!("expert without leaves {name}"), |b| {
            b.iter(|| computer.choose_move(black_box(game), Level::Professor))
        });
    }
    // the worst position with nothing remembered: a worker's first move
    let (name, worst) = &positions[3];
    group.bench_function(format!("expert {name}, fresh"), |b| {
        b.iter(|| Computer::new().choose_move(black_box(worst), Level::Professor))
    });
    group.bench_function(format!("hint top 5 {name}, fresh"), |b| {
        b.iter(|| hints(black_box(worst), 5).len())
    });
    let (name, chemist_wilds) = &positions[7];
    group.bench_function(format!("hint top 5 {name}, fresh"), |b| {
        b.iter(|| hints(black_box(chemist_wilds), 5).len())
    });
    let game = theory_endgame_game();
    let looked = hindsight(&game).unwrap_or_else(|e| panic!("{e}"));
    println!(
        "hindsight theory game: {} moves, {} with the bag empty, {} weighed by the endgame search",
        game.moves.len(),
        looked.turns.iter().filter(|t| !t.refills).count(),
        looked.turns.iter().filter(|t| t.endgame.is_some()).count()
    );
    group.bench_function("hindsight theory game with an endgame", |b| {
        b.iter(|| hindsight(black_box(&game)).map(|h| h.turns.len()))
    });
    group.finish();
}

criterion_group!(benches, levels);
criterion_main!(benches);
