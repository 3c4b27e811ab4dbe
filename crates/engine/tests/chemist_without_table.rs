//! A process that never installed the table of documented substances: the chemist's referee
//! refuses to start a game rather than judge without it (this test binary installs nothing).

use molscrab_engine::elements::Element::{Cl, Na};
use molscrab_engine::game::Game;
use molscrab_engine::record::{GameRecord, Kind, RecordError};
use molscrab_engine::referee::{chemist, judge, Edition, Mode, Rule};

#[test]
fn without_the_table_a_chemists_game_does_not_start() {
    assert!(chemist::installed().is_none());
    let record = GameRecord::new_game(Kind::Solitaire, Mode::Chemist, vec!["You".into()], 0, 7);
    let error = GameRecord::parse(&record.to_json()).unwrap_err();
    assert_eq!(error, RecordError::NoSubstanceTable);
    assert!(Game::start(record).is_err());
    let refusal = judge(Mode::Chemist, Edition::CURRENT, &[Na, Cl]).unwrap_err();
    assert_eq!(refusal.rule, Rule::NotDocumented);
    assert!(refusal.to_string().contains("has not loaded"), "{refusal}");
    // the other referees need no table
    assert!(judge(Mode::Standard, Edition::CURRENT, &[Na, Cl]).is_ok());
}
