//! Tile tracking: the tiles a player has not seen, the bag and the other players' racks.

use crate::elements::{Element, Tile};
use crate::game::Game;

/// How many of each tile `seat` has not seen (the bag and every other seat's rack), indexed by
/// [`Element::index`], the Wild Isotope last. Counted from the game as it stands, so an
/// explicit bag of any tiles is counted right.
pub fn unseen(game: &Game, seat: usize) -> [u8; Element::COUNT + 1] {
    let mut counts = [0u8; Element::COUNT + 1];
    let others = (0..game.players().len()).filter(|&s| s != seat);
    let tiles = game.bag().iter().chain(others.flat_map(|s| game.rack(s)));
    for tile in tiles {
        let at = match tile {
            Tile::Element(e) => e.index(),
            Tile::Wild => Element::COUNT,
        };
        counts[at] = counts[at].saturating_add(1);
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elements::WILD_COUNT;
    use crate::kind::Kind;
    use crate::record::GameRecord;
    use crate::referee::Mode;

    #[test]
    fn tiles_played_are_seen_and_the_other_racks_are_not() {
        let mut record = GameRecord::new_game(
            Kind::PassAndPlay,
            Mode::Theory,
            vec!["Ada".into(), "Bo".into()],
            0,
            1,
        );
        record.bag = Some(
            "H H O C C Na Cl O O O H H N N K K S S"
                .split(' ')
                .filter_map(Tile::from_symbol)
                .collect(),
        );
        let mut game = Game::replay(&record).unwrap();
        let symbols = |tiles: &[Tile]| tiles.iter().map(|t| t.symbol()).collect::<Vec<_>>();
        assert_eq!(symbols(game.rack(0)), ["H", "H", "O", "C", "C", "Na", "Cl"]);
        assert_eq!(symbols(game.rack(1)), ["O", "O", "O", "H", "H", "N", "N"]);
        // Bo can't see Ada's rack nor the bag (K K S S), and does see his own
        let bo_sees = unseen(&game, 1);
        assert_eq!(bo_sees[Element::H.index()], 2);
        assert_eq!(bo_sees[Element::O.index()], 1);
        assert_eq!(bo_sees[Element::K.index()], 2);
        assert_eq!(bo_sees[Element::N.index()], 0);
        let water =
            [(7, 6, Element::H), (7, 7, Element::H), (7, 8, Element::O)].map(|(row, col, el)| {
                crate::board::Placement {
                    row,
                    col,
                    el,
                    wild: false,
                }
            });
        game.play(&water).expect("water");
        // the tiles played are on the board for all to see; Ada drew K K S
        let bo_sees = unseen(&game, 1);
        assert_eq!(bo_sees[Element::H.index()], 0);
        assert_eq!(bo_sees[Element::O.index()], 0);
        assert_eq!(bo_sees[Element::K.index()], 2);
        assert_eq!(bo_sees[Element::S.index()], 2);
        assert_eq!(bo_sees[Element::COUNT], 0);
    }

    #[test]
    fn a_new_games_unseen_tiles_are_all_but_your_own_rack() {
        for (kind, names) in [
            (Kind::Solitaire, vec!["You".to_string()]),
            (Kind::PassAndPlay, vec!["Ada".to_string(), "Bo".to_string()]),
        ] {
            let game =
                Game::replay(&GameRecord::new_game(kind, Mode::Theory, names, 0, 7)).unwrap();
            let counts = unseen(&game, 0);
            let total: usize = counts.iter().map(|&n| usize::from(n)).sum();
            assert_eq!(total, crate::bag::unshuffled().len() - game.rack(0).len());
            let wilds = game.rack(0).iter().filter(|t| **t == Tile::Wild).count();
            assert_eq!(
                usize::from(counts[Element::COUNT]) + wilds,
                usize::from(WILD_COUNT)
            );
            for e in Element::ALL {
                let mine = game
                    .rack(0)
                    .iter()
                    .filter(|t| **t == Tile::Element(e))
                    .count();
                let seen = usize::from(counts[e.index()]) + mine;
                assert_eq!(seen, usize::from(e.count()), "{}", e.symbol());
            }
        }
    }
}
