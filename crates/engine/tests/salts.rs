#![cfg(not(target_arch = "wasm32"))]
//! Structures drawn honestly: salts as ions, N₂O and the other sp molecules in a straight
//! line.

use molscrab_engine::chemistry::explain;
use molscrab_engine::chemistry::ions::{salt, Cation};
use molscrab_engine::chemistry::layout::{layout, MIN_DISTANCE};
use molscrab_engine::chemistry::smiles::smiles;
use molscrab_engine::chemistry::structure::structure;
use molscrab_engine::elements::Element;
use molscrab_engine::referee::{parse_spaced, Mode, CARD};

fn tiles(text: &str) -> Vec<Element> {
    parse_spaced(text).expect("test formulas use real symbols")
}

fn text_of(formula: &str, key: &str) -> Option<String> {
    explain(&tiles(formula), Mode::Theory, None)
        .get(key)
        .and_then(|v| v.as_str())
        .map(str::to_string)
}

/// Twice the area of the triangle: zero when the three points are on one line.
fn collinear(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> bool {
    ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).abs() < 1e-9
}

#[test]
fn nitrous_oxide_is_linear_n_n_o() {
    let molecule = structure(&tiles("N O N")).expect("a structure");
    assert_eq!(smiles(&molecule), "[N]#[N+][O-]");
    let points: Vec<(f64, f64)> = layout(&molecule).points.into_iter().flatten().collect();
    assert_eq!(points.len(), 3);
    assert!(collinear(points[0], points[1], points[2]), "{points:?}");
    assert_eq!(text_of("N N O", "text").as_deref(), Some("N≡N⁺–O⁻"));
    // a molecule drawn with charges, said so on the card; not a salt
    let value = explain(&tiles("N N O"), Mode::Theory, None);
    assert_eq!(value.get("charged").and_then(|c| c.as_bool()), Some(true));
    assert!(value.get("ions").is_some_and(|i| i.is_null()));
}

#[test]
fn carbon_dioxide_and_hydrogen_cyanide_are_straight_too() {
    let dioxide = structure(&tiles("C O O")).expect("a structure");
    let points: Vec<(f64, f64)> = layout(&dioxide).points.into_iter().flatten().collect();
    assert!(collinear(points[0], points[1], points[2]), "{points:?}");
    for formula in ["H C N", "C C O O", "C C H H", "H C C C C H"] {
        let molecule = structure(&tiles(formula)).expect("a structure");
        let drawing = layout(&molecule);
        let heavy: Vec<(f64, f64)> = drawing.points.iter().flatten().copied().collect();
        for window in heavy.windows(3) {
            assert!(
                collinear(window[0], window[1], window[2]),
                "{formula}: {heavy:?}"
            );
        }
    }
    assert_eq!(
        smiles(&structure(&tiles("H C N")).expect("HCN")),
        "[H][C]#[N]"
    );
}

#[test]
fn salts_are_explained_as_ions() {
    let said = text_of("Na Cl", "ions").expect("NaCl is a salt");
    assert!(
        said.starts_with("An ionic solid: Na⁺ and Cl⁻ ions"),
        "{said}"
    );
    assert_eq!(text_of("Cl Na", "text").as_deref(), Some("Na⁺ Cl⁻"));
    for (formula, line, ions) in [
        ("K Cl", "K⁺ Cl⁻", "K⁺ and Cl⁻ ions"),
        ("Ca O", "Ca²⁺ O²⁻", "Ca²⁺ and O²⁻ ions"),
        ("Na O H", "Na⁺ OH⁻", "Na⁺ and hydroxide (OH⁻) ions"),
        (
            "Mg S O O O O",
            "Mg²⁺ SO₄²⁻",
            "Mg²⁺ and sulfate (SO₄²⁻) ions",
        ),
        (
            "Na Na S O O O O",
            "2 Na⁺ SO₄²⁻",
            "Na⁺ and sulfate (SO₄²⁻) ions, 2 to 1",
        ),
        ("Ca Cl Cl", "Ca²⁺ 2 Cl⁻", "Ca²⁺ and Cl⁻ ions, 1 to 2"),
        ("Fe Fe O O O", "2 Fe³⁺ 3 O²⁻", "Fe³⁺ and O²⁻ ions, 2 to 3"),
        ("N H H H H Cl", "NH₄⁺ Cl⁻", "NH₄⁺ and Cl⁻ ions"),
        ("Na H C O O O", "Na⁺ HCO₃⁻", "hydrogencarbonate (HCO₃⁻)"),
        ("K N O O O", "K⁺ NO₃⁻", "nitrate (NO₃⁻)"),
    ] {
        assert_eq!(text_of(formula, "text").as_deref(), Some(line), "{formula}");
        let said = text_of(formula, "ions").unwrap_or_default();
        assert!(said.contains(ions), "{formula}: {said}");
    }
}

#[test]
fn calcium_carbonate_shows_a_calcium_ion_beside_a_carbonate() {
    let found = salt(&tiles("Ca C O O O")).expect("a salt");
    assert_eq!(found.cation, Cation::Metal(Element::Ca, 2));
    assert_eq!(
        (found.cations, found.anion.name, found.anions),
        (1, "carbonate", 1)
    );
    let ions = found.molecule();
    // Ca²⁺ on its own; C with three O: one C=O and two C–O⁻
    assert_eq!(ions.atoms[0], Element::Ca);
    assert_eq!(ions.charges[0], 2);
    assert_eq!(ions.neighbours(0).count(), 0);
    let carbon = ions.atoms.iter().position(|&e| e == Element::C).expect("C");
    let mut bonds: Vec<(Element, u8, i8)> = ions
        .neighbours(carbon)
        .map(|(j, order)| (ions.atoms[j], order, ions.charges[j]))
        .collect();
    bonds.sort();
    assert_eq!(
        bonds,
        [(Element::O, 1, -1), (Element::O, 1, -1), (Element::O, 2, 0)]
    );
    assert_eq!(ions.charges.iter().map(|&c| c as i32).sum::<i32>(), 0);
    let svg = text_of("Ca C O O O", "svg").expect("a drawing");
    assert!(
        svg.contains(">Ca</text>") && svg.contains(">2+</text>"),
        "{svg}"
    );
    // the carbonate's four strokes (a double and two singles); no bond to calcium
    assert_eq!(svg.matches("<line ").count(), 4, "{svg}");
    assert_eq!(text_of("Ca C O O O", "text").as_deref(), Some("Ca²⁺ CO₃²⁻"));
}

#[test]
fn molecules_and_covalent_solids_are_no_salts() {
    for formula in [
        "H H O",
        "C O O",
        "Si O O",
        "Sn O O",   // Sn⁴⁺: a charge above 3, a covalent network
        "Hg Cl Cl", // mercury(II) chloride is molecular
        "Al N",     // a nitride only with s-block metals
        "C H H H H",
        "S O O",
        "Na Na",      // no anion
        "Na K",       // an alloy
        "Na C O O O", // charges that don't balance
        "Na Cl Cl",
        "H Cl",
        "N H H H",
    ] {
        assert!(salt(&tiles(formula)).is_none(), "{formula}");
        assert!(text_of(formula, "ions").is_none(), "{formula}");
    }
}

#[test]
fn every_salt_is_drawn_with_its_own_atoms_and_no_two_on_top_of_each_other() {
    let mut salts = 0;
    let formulas: Vec<Vec<Element>> = CARD
        .iter()
        .map(|c| c.tiles.to_vec())
        .chain(
            [
                "Na Na S O O O O",
                "K K C O O O",
                "Ca O H O H",
                "Ba S O O O O",
                "N H H H H N O O O",
                "N N H H H H H H H H S O O O O",
                "Na Na Na P O O O O",
                "K Cl O O O O",
                "Li Li O O",
            ]
            .iter()
            .map(|f| tiles(f)),
        )
        .collect();
    for formula in formulas {
        let Some(found) = salt(&formula) else {
            continue;
        };
        salts += 1;
        let ions = found.molecule();
        let mut atoms = ions.atoms.clone();
        let mut wanted = formula.clone();
        atoms.sort();
        wanted.sort();
        assert_eq!(atoms, wanted, "{formula:?}");
        assert_eq!(ions.charges.iter().map(|&c| c as i32).sum::<i32>(), 0);
        let drawing = found.layout();
        assert_eq!(drawing.points.len(), ions.atoms.len());
        assert!(drawing.min_distance() >= MIN_DISTANCE, "{formula:?}");
    }
    // the card's salts (NaCl, CaCO₃, NaOH, MgO, …) and the list above
    assert!(salts >= 30, "{salts}");
}

#[test]
fn a_salt_known_only_in_water_is_explained_in_water() {
    let table = molscrab_engine::substances::Substances::parse(include_str!(
        "../../../public/lazy/substances.txt"
    ))
    .expect("the committed table reads");
    molscrab_engine::referee::chemist::install(&table);
    let said = explain(&tiles("N H H H H O H"), Mode::Chemist, Some(&table));
    let ions = said
        .get("ions")
        .and_then(|v| v.as_str())
        .unwrap_or_default();
    assert!(ions.starts_with("In water: NH₄⁺ and hydroxide"), "{ions}");
    assert!(!ions.contains("solid:"), "{ions}");
    // a salt with a solid keeps its sentence
    let salt = explain(&tiles("Ca O H O H"), Mode::Chemist, Some(&table));
    let ions = salt
        .get("ions")
        .and_then(|v| v.as_str())
        .unwrap_or_default();
    assert!(ions.starts_with("An ionic solid: Ca²⁺"), "{ions}");
}
