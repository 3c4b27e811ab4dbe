//! Self-play under every referee with every set of table variants a game can be played with (`selfplay::sweep`): the invariants hold after every move, for Solitaire and a two-seat table.

use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::computer::{Computer, Level};
use molscrab_engine::referee::{chemist, Mode};
use molscrab_engine::selfplay;

const TABLE_TEXT: &str = include_str!("../../../public/lazy/substances.txt");

const REFEREES: [Mode; 3] = [Mode::Standard, Mode::Theory, Mode::Chemist];

fn install() {
    if chemist::installed().is_none() {
        let table = Substances::parse(TABLE_TEXT).unwrap_or_else(|e| panic!("the table: {e}"));
        chemist::install(&table);
    }
}

// one game per pair: a debug build plays Theory Mode under Ion Rules slowly, and the soak,
// `make soak-short` and `make soak` in release, plays many more
fn every_pair_runs_clean(levels: &[Level], pairs: usize) {
    install();
    let runs: Vec<_> = selfplay::sweep(&mut Computer::new(), 1, 1, &REFEREES, levels).collect();
    assert_eq!(runs.len(), pairs);
    for run in &runs {
        assert_eq!(
            run.violations,
            0,
            "{} {:?} (seed {}): {:?}",
            run.mode.code(),
            run.variants.key(),
            run.seed,
            run.details
        );
        assert_eq!(run.games, 1);
        assert!(
            run.turns > 0,
            "{} {:?}",
            run.mode.code(),
            run.variants.key()
        );
    }
}

#[test]
fn every_referee_and_variant_set_of_solitaire_self_plays_clean() {
    every_pair_runs_clean(&[Level::Chemist], 28);
}

#[test]
fn every_referee_and_variant_set_of_a_two_seat_table_self_plays_clean() {
    every_pair_runs_clean(&[Level::Chemist, Level::Chemist], 56);
}
