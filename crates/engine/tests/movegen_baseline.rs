//! Move generation pinned: each position's number of legal plays and best score, against tests/movegen_baseline.txt.

mod positions;

use std::time::Instant;

use molscrab_engine::game::Game;
use molscrab_engine::movegen::MoveGenerator;
use molscrab_engine::referee::Mode;

const BASELINE: &str = include_str!("movegen_baseline.txt");

/// One baseline line: `name mode plays best`, `best` being `-` when there is no play.
fn line(name: &str, game: &Game) -> String {
    let started = Instant::now();
    let mut generator = MoveGenerator::new();
    let plays = generator.count_plays(game);
    // visiting agrees with counting (too slow to check past a million plays in a debug build)
    if plays <= 1_000_000 {
        let mut visited = 0;
        generator.for_each_play(game, |_| visited += 1);
        assert_eq!(
            visited, plays,
            "{name}: for_each_play and count_plays differ"
        );
    }
    let best = generator
        .best_play(game)
        .map_or_else(|| "-".to_string(), |c| c.score.to_string());
    eprintln!("{name}: {:.2?}", started.elapsed());
    format!("{name} {} {plays} {best}", game.mode().code())
}

fn position(mode: Mode, wilds: usize) -> Game {
    positions::mid_game(mode, wilds)
        .unwrap_or_else(|| panic!("no mid-game position with {wilds} wilds in {mode:?}"))
}

fn opening(mode: Mode, seed: u64) -> Game {
    positions::opening(mode, seed).unwrap_or_else(|| panic!("no opening for seed {seed}"))
}

#[test]
fn move_generation_matches_the_baseline() {
    let lines = [
        line("opening-seed-0", &opening(Mode::Theory, 0)),
        line("opening-seed-3", &opening(Mode::Theory, 3)),
        line("opening-seed-0", &opening(Mode::Standard, 0)),
        line("opening-seed-3", &opening(Mode::Standard, 3)),
        line("mid-game-7-tiles-no-wild", &position(Mode::Theory, 0)),
        line("mid-game-7-tiles-1-wild", &position(Mode::Theory, 1)),
        line("mid-game-7-tiles-2-wilds", &position(Mode::Theory, 2)),
        line("mid-game-7-tiles", &position(Mode::Standard, 0)),
    ];
    let found = lines.join("\n") + "\n";
    let expected: String = BASELINE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(
        found == expected,
        "move generation changed; if that is intended, these are the new lines of \
         tests/movegen_baseline.txt:\n{found}"
    );
}
