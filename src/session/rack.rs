//! Each seat's rack order: the arrangement its player made (src/arrange.rs), kept through
//! turns and in the save.

use molscrab_engine::elements::Tile;

use super::Session;

impl Session {
    /// The order the player arranged the rack in (src/arrange.rs).
    pub fn order(&self) -> &[Tile] {
        self.orders
            .get(self.game.to_move())
            .map_or(&[], Vec::as_slice)
    }

    /// Keeps a new arrangement of the rack (shuffle, sort, a tile dragged).
    pub fn arrange(&mut self, order: Vec<Tile>) {
        self.arrange_seat(self.game.to_move(), order);
    }

    /// The arrangement the player to move keeps once the tiles in `gone` (rack slots) leave
    /// the rack: the tiles kept in the order they show, so the tiles drawn go at the end
    /// (`arrange::display`) rather than in the place of a played tile of their element.
    pub(super) fn kept_order(&self, gone: &[usize]) -> Vec<Tile> {
        let mut shown = crate::arrange::display(self.rack(), self.order());
        shown.retain(|slot| !gone.contains(slot));
        crate::arrange::tiles(self.rack(), &shown)
    }

    pub(super) fn arrange_seat(&mut self, seat: usize, order: Vec<Tile>) {
        if self.orders.len() <= seat {
            self.orders.resize(seat + 1, Vec::new());
        }
        self.orders[seat] = order;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::testing::*;
    use molscrab_engine::elements::Tile;
    use molscrab_engine::game::Game;
    use molscrab_json::Value;

    #[test]
    fn each_player_keeps_their_own_rack_order_through_turns_and_the_save() {
        let mut s = pass_and_play(true, "H H O C C Na Cl O O O H H N N K K");
        let shown = |s: &Session| -> Vec<Tile> {
            let slots = crate::arrange::display(s.rack(), s.order());
            slots.into_iter().map(|i| s.rack()[i]).collect()
        };
        let sort = |s: &mut Session| {
            let order = crate::arrange::sorted(s.rack());
            s.arrange(crate::arrange::tiles(s.rack(), &order));
        };
        // Ada sorts, then passes; Ben reverses his rack, then passes
        sort(&mut s);
        let ada = shown(&s);
        s.ask_pass();
        s.confirm_pass().expect("Ada passed");
        // saved now, before Ben arranges anything: Ada's order is in the save all the same
        let record = s.to_record();
        let mut early = Session::open(Game::replay(&record).unwrap(), record.ui.as_ref());
        early.reveal();
        early.ask_pass();
        early.confirm_pass().expect("Ben passed");
        early.reveal();
        assert_eq!(shown(&early), ada, "Ada's order kept in the save");
        s.reveal();
        let mut ben: Vec<Tile> = shown(&s);
        ben.reverse();
        s.arrange(ben.clone());
        s.ask_pass();
        s.confirm_pass().expect("Ben passed");
        s.reveal();
        assert_eq!(
            shown(&s),
            ada,
            "Ada's rack as she sorted it, not in Ben's order"
        );
        // saved and opened again (a reload): both orders come back
        let record = s.to_record();
        let mut back = Session::open(Game::replay(&record).unwrap(), record.ui.as_ref());
        back.reveal();
        assert_eq!(shown(&back), ada);
        back.ask_pass();
        back.confirm_pass().expect("Ada passed");
        back.reveal();
        assert_eq!(shown(&back), ben, "Ben's order");
        // a save from before the orders were kept apart: its one order is the player to move's
        let ui = Value::object([("rack", crate::arrange::to_value(&ada))]);
        let old = Session::open(Game::replay(&record).unwrap(), Some(&ui));
        assert_eq!(old.order(), ada.as_slice());
    }
}
