//! Engine benchmarks: all legal plays in mid-game positions (Theory, Theory with two Wild Isotopes, Standard) and self-play games per second.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use molscrab_engine::game::Game;
use molscrab_engine::movegen::MoveGenerator;
use molscrab_engine::referee::Mode;
use molscrab_engine::selfplay;

#[path = "../tests/positions/mod.rs"]
mod positions;

// the positions the movegen baseline test pins (tests/movegen_baseline.txt)
fn mid_game(mode: Mode, wilds: usize) -> Game {
    positions::mid_game(mode, wilds)
        .unwrap_or_else(|| panic!("no mid-game position with {wilds} wilds in {mode:?}"))
}

fn describe(name: &str, game: &Game) {
    let mut generator = MoveGenerator::new();
    let rack: Vec<&str> = game
        .rack(game.to_move())
        .iter()
        .map(|t| t.symbol())
        .collect();
    println!(
        "{name}: {} tiles on the board, rack {}, {} legal plays, best {:?}",
        game.board().len(),
        rack.join(" "),
        generator.count_plays(game),
        generator.best_play(game).map(|c| c.score),
    );
}

/// Every legal play visited, its score read; nothing built.
fn visit_all(game: &Game) -> i64 {
    let mut total = 0i64;
    MoveGenerator::new().for_each_play(game, |play| total += i64::from(play.score()));
    total
}

fn movegen(c: &mut Criterion) {
    let theory = mid_game(Mode::Theory, 0);
    let wild = mid_game(Mode::Theory, 2);
    let standard = mid_game(Mode::Standard, 0);
    describe("theory, 7 tiles, no wild", &theory);
    describe("theory, 7 tiles, 2 wilds", &wild);
    describe("standard, 7 tiles", &standard);

    let mut group = c.benchmark_group("movegen");
    group.sample_size(10);
    // a fresh generator each time: the Theory verdict cache starts cold
    group.bench_function("theory 7 tiles: legal_plays", |b| {
        b.iter(|| MoveGenerator::new().legal_plays(black_box(&theory)).len())
    });
    group.bench_function("theory 7 tiles: visit all plays", |b| {
        b.iter(|| visit_all(black_box(&theory)))
    });
    group.bench_function("theory 7 tiles: best_play", |b| {
        b.iter(|| {
            MoveGenerator::new()
                .best_play(black_box(&theory))
                .map(|c| c.score)
        })
    });
    // hundreds of millions of plays: visited one by one, or counted (a last Wild Isotope's
    // choices at once), not collected
    group.bench_function("theory 2 wilds: visit all plays", |b| {
        b.iter(|| visit_all(black_box(&wild)))
    });
    group.bench_function("theory 2 wilds: count_plays", |b| {
        b.iter(|| MoveGenerator::new().count_plays(black_box(&wild)))
    });
    group.bench_function("theory 2 wilds: best_play", |b| {
        b.iter(|| {
            MoveGenerator::new()
                .best_play(black_box(&wild))
                .map(|c| c.score)
        })
    });
    group.bench_function("standard 7 tiles: legal_plays", |b| {
        b.iter(|| MoveGenerator::new().legal_plays(black_box(&standard)).len())
    });
    group.bench_function("standard 7 tiles: best_play", |b| {
        b.iter(|| {
            MoveGenerator::new()
                .best_play(black_box(&standard))
                .map(|c| c.score)
        })
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    for mode in [Mode::Theory, Mode::Standard] {
        let summary = selfplay::run(20, 1, mode, 2);
        println!(
            "selfplay {}: {} games, {} turns, {:.1} games/s, {} violations",
            mode.code(),
            summary.games,
            summary.turns,
            summary.games_per_second,
            summary.violations
        );
    }
    let mut group = c.benchmark_group("selfplay");
    group.sample_size(10);
    group.bench_function("one 2-player theory game", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            selfplay::run(1, seed, Mode::Theory, 2).turns
        })
    });
    group.bench_function("one 2-player standard game", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            selfplay::run(1, seed, Mode::Standard, 2).turns
        })
    });
    group.finish();
}

criterion_group!(benches, movegen, games);
criterion_main!(benches);
