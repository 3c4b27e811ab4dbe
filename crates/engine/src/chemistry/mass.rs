//! Molar mass and mass composition, from IUPAC's standard atomic weights (abridged, 2021).

use crate::elements::Element;
use crate::substances::{hill_order, Counts};

/// Standard atomic weight in g/mol (helium and neon for completeness: they bond to nothing).
pub fn atomic_weight(e: Element) -> f64 {
    use Element::*;
    match e {
        H => 1.008,
        O => 15.999,
        C => 12.011,
        N => 14.007,
        Na => 22.990,
        Cl => 35.45,
        Ca => 40.078,
        K => 39.098,
        S => 32.06,
        Mg => 24.305,
        P => 30.974,
        Si => 28.085,
        Al => 26.982,
        Fe => 55.845,
        Zn => 65.38,
        Cu => 63.546,
        Mn => 54.938,
        Ba => 137.33,
        Br => 79.904,
        Li => 6.94,
        F => 18.998,
        Ag => 107.87,
        Sn => 118.71,
        I => 126.90,
        Ni => 58.693,
        Pb => 207.2,
        Cr => 51.996,
        Au => 196.97,
        Pt => 195.08,
        Hg => 200.59,
        U => 238.03,
        He => 4.0026,
        Ne => 20.180,
    }
}

/// g/mol of a multiset of atoms.
pub fn molar_mass(counts: &Counts) -> f64 {
    Element::ALL
        .iter()
        .map(|&e| counts[e.index()] as f64 * atomic_weight(e))
        .sum()
}

/// One element's share of a formula.
#[derive(Clone, Debug, PartialEq)]
pub struct Share {
    pub element: Element,
    pub count: u8,
    /// Percent of the molar mass.
    pub percent: f64,
}

/// Each element's share of the mass, in Hill order (C, H, then alphabetical).
pub fn composition(counts: &Counts) -> Vec<Share> {
    let total = molar_mass(counts);
    hill_order(counts)
        .into_iter()
        .map(|(element, count)| Share {
            element,
            count,
            percent: if total > 0.0 {
                100.0 * count as f64 * atomic_weight(element) / total
            } else {
                0.0
            },
        })
        .collect()
}
