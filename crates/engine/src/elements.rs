//! The 33 elements and the Wild Isotope: symbols, names, points, counts and valences (RULES §1).

use std::fmt;

/// One of the 33 elements on the tiles, in the manual's tile-list order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Element {
    H,
    O,
    C,
    N,
    Na,
    Cl,
    Ca,
    K,
    S,
    Mg,
    P,
    Si,
    Al,
    Fe,
    Zn,
    Cu,
    Mn,
    Ba,
    Br,
    Li,
    F,
    Ag,
    Sn,
    I,
    Ni,
    Pb,
    Cr,
    Au,
    Pt,
    Hg,
    U,
    He,
    Ne,
}

struct Facts {
    symbol: &'static str,
    name: &'static str,
    points: u8,
    count: u8,
    valences: &'static [u8],
}

const fn f(
    symbol: &'static str,
    name: &'static str,
    points: u8,
    count: u8,
    valences: &'static [u8],
) -> Facts {
    Facts {
        symbol,
        name,
        points,
        count,
        valences,
    }
}

// same order as `Element`
const FACTS: [Facts; Element::COUNT] = [
    f("H", "Hydrogen", 1, 16, &[1]),
    f("O", "Oxygen", 1, 10, &[2]),
    f("C", "Carbon", 1, 8, &[4]),
    f("N", "Nitrogen", 1, 6, &[3, 5]),
    f("Na", "Sodium", 2, 6, &[1]),
    f("Cl", "Chlorine", 2, 6, &[1, 3, 5, 7]),
    f("Ca", "Calcium", 2, 4, &[2]),
    f("K", "Potassium", 2, 4, &[1]),
    f("S", "Sulfur", 2, 5, &[2, 4, 6]),
    f("Mg", "Magnesium", 2, 4, &[2]),
    f("P", "Phosphorus", 3, 3, &[3, 5]),
    f("Si", "Silicon", 3, 3, &[4]),
    f("Al", "Aluminium", 3, 3, &[3]),
    f("Fe", "Iron", 3, 3, &[2, 3]),
    f("Zn", "Zinc", 3, 3, &[2]),
    f("Cu", "Copper", 4, 2, &[1, 2]),
    f("Mn", "Manganese", 4, 2, &[2, 4, 7]),
    f("Ba", "Barium", 4, 2, &[2]),
    f("Br", "Bromine", 4, 2, &[1, 3, 5]),
    f("Li", "Lithium", 4, 2, &[1]),
    f("F", "Fluorine", 4, 2, &[1]),
    f("Ag", "Silver", 5, 2, &[1]),
    f("Sn", "Tin", 5, 2, &[2, 4]),
    f("I", "Iodine", 5, 2, &[1, 3, 5, 7]),
    f("Ni", "Nickel", 5, 2, &[2]),
    f("Pb", "Lead", 5, 1, &[2, 4]),
    f("Cr", "Chromium", 5, 1, &[2, 3, 6]),
    f("Au", "Gold", 8, 1, &[1, 3]),
    f("Pt", "Platinum", 8, 1, &[2, 4]),
    f("Hg", "Mercury", 8, 1, &[1, 2]),
    f("U", "Uranium", 10, 1, &[4, 6]),
    f("He", "Helium", 4, 1, &[]),
    f("Ne", "Neon", 6, 1, &[]),
];

/// How many Wild Isotopes the full bag holds.
pub const WILD_COUNT: u8 = 4;
/// Tiles on a full rack.
pub const RACK_SIZE: usize = 7;

impl Element {
    /// How many elements there are (not tiles: the bag holds several of most).
    pub const COUNT: usize = 33;

    /// Every element in the manual's tile-list order.
    pub const ALL: [Element; Element::COUNT] = {
        use Element::*;
        [
            H, O, C, N, Na, Cl, Ca, K, S, Mg, P, Si, Al, Fe, Zn, Cu, Mn, Ba, Br, Li, F, Ag, Sn, I,
            Ni, Pb, Cr, Au, Pt, Hg, U, He, Ne,
        ]
    };

    fn facts(self) -> &'static Facts {
        &FACTS[self as usize]
    }
    pub fn symbol(self) -> &'static str {
        self.facts().symbol
    }
    pub fn name(self) -> &'static str {
        self.facts().name
    }
    pub fn points(self) -> u8 {
        self.facts().points
    }
    /// How many tiles of this element the full bag holds.
    pub fn count(self) -> u8 {
        self.facts().count
    }
    /// The valences Theory Mode may choose from; empty for the noble gases.
    pub fn valences(self) -> &'static [u8] {
        self.facts().valences
    }
    /// Whether it can be in any valid formula: helium and neon form no bonds (and are on no
    /// card formula), so a Wild Isotope is never worth playing as them.
    pub fn forms_bonds(self) -> bool {
        !self.valences().is_empty()
    }
    /// The metals among the 33 (silicon counts as a nonmetal here).
    pub fn is_metal(self) -> bool {
        use Element::*;
        matches!(
            self,
            K | Na
                | Li
                | Ba
                | Ca
                | Mg
                | U
                | Cr
                | Mn
                | Fe
                | Pt
                | Ni
                | Au
                | Ag
                | Cu
                | Hg
                | Zn
                | Al
                | Pb
                | Sn
        )
    }
    /// Index 0..[`Element::COUNT`], stable: the tile-list order.
    pub fn index(self) -> usize {
        self as usize
    }
    /// Case-sensitive: "Na" is sodium, "NA" and "na" are not elements.
    pub fn from_symbol(symbol: &str) -> Option<Element> {
        Element::ALL.iter().copied().find(|e| e.symbol() == symbol)
    }
}

impl fmt::Display for Element {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str(self.symbol())
    }
}

/// A tile in the bag or on a rack: an element, or a Wild Isotope not yet given one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tile {
    Element(Element),
    Wild,
}

impl Tile {
    /// "?" for a Wild Isotope, else the element's symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Tile::Element(e) => e.symbol(),
            Tile::Wild => "?",
        }
    }
    pub fn from_symbol(symbol: &str) -> Option<Tile> {
        if symbol == "?" {
            Some(Tile::Wild)
        } else {
            Element::from_symbol(symbol).map(Tile::Element)
        }
    }
    /// A rack tile's face value: a Wild Isotope is worth 0.
    pub fn points(self) -> u8 {
        match self {
            Tile::Element(e) => e.points(),
            Tile::Wild => 0,
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str(self.symbol())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bag_holds_116_tiles_in_33_elements_and_4_wilds() {
        assert_eq!(Element::COUNT, 33);
        let elements: u32 = Element::ALL.iter().map(|e| e.count() as u32).sum();
        assert_eq!(elements, 112);
        assert_eq!(elements + WILD_COUNT as u32, 116);
    }

    #[test]
    fn symbols_round_trip_and_are_case_sensitive() {
        for e in Element::ALL {
            assert_eq!(Element::from_symbol(e.symbol()), Some(e));
            assert_eq!(e.index(), e as usize);
        }
        assert_eq!(Element::from_symbol("NA"), None);
        assert_eq!(Element::from_symbol("na"), None);
        assert_eq!(Tile::from_symbol("?"), Some(Tile::Wild));
        assert_eq!(Tile::Wild.points(), 0);
    }

    #[test]
    fn noble_gases_form_no_bonds() {
        assert!(Element::He.valences().is_empty());
        assert!(Element::Ne.valences().is_empty());
        assert_eq!(Element::Cl.valences(), &[1, 3, 5, 7]);
        assert_eq!(Element::U.points(), 10);
        let inert: Vec<Element> = Element::ALL
            .into_iter()
            .filter(|e| !e.forms_bonds())
            .collect();
        assert_eq!(inert, [Element::He, Element::Ne]);
    }
}
