//! Referee tests: the manual's and SPEC's examples, and the valency calculator against brute force.

use std::collections::HashMap;

use proptest::prelude::*;

use super::theory::internals;
use super::*;
use crate::elements::Element::{self, *};

fn theory(tiles: &[Element]) -> Result<Accepted, Rejection> {
    judge(Mode::Theory, Edition::CURRENT, tiles)
}

fn standard(tiles: &[Element]) -> Result<Accepted, Rejection> {
    judge(Mode::Standard, Edition::CURRENT, tiles)
}

fn rule(verdict: Result<Accepted, Rejection>) -> Rule {
    match verdict {
        Ok(accepted) => panic!("expected a rejection, got {accepted:?}"),
        Err(rejection) => rejection.rule,
    }
}

fn known(card: usize) -> Result<Accepted, Rejection> {
    Ok(Accepted {
        known: true,
        card: Some(card),
        charge: 0,
    })
}

const HYPOTHETICAL: Result<Accepted, Rejection> = Ok(Accepted {
    known: false,
    card: None,
    charge: 0,
});

// ---- the reference card ----

#[test]
fn reference_card_matches_the_spec_list_in_order() {
    let texts: Vec<String> = CARD.iter().map(|f| formula_text(f.tiles)).collect();
    assert_eq!(
        texts.join(", "),
        "H₂O, CO₂, NaCl, O₂, N₂, H₂, Cl₂, CH₄, NH₃, HCl, CaCO₃, Fe₂O₃, NaOH, MgO, CO, NO₂, SO₂, \
         SO₃, KCl, CuO, ZnO, CaCl₂, MgCl₂, Al₂O₃, SiO₂, FeO, FeS, CuS, Na₂O, K₂O, KOH, HNO₃, \
         H₂SO₄, NH₄Cl, FeCl₂, AgCl, PbO, BaO, Br₂, LiF, CaO, SnO₂"
    );
    assert_eq!(CARD[0].name, "Water");
    assert_eq!(CARD[11].name, "Rust, iron(III) oxide");
    assert_eq!(CARD[41].name, "Tin(IV) oxide");
    assert!(CARD.iter().all(|f| f.tiles.len() <= CARD_MAX_LEN));
}

#[test]
fn ten_molecules_to_start_with() {
    let texts: Vec<String> = STARTERS
        .iter()
        .map(|&i| formula_text(CARD[i].tiles))
        .collect();
    assert_eq!(
        texts.join(" "),
        "H₂O CO₂ NaCl O₂ CH₄ NH₃ HCl CaCO₃ Fe₂O₃ NaOH"
    );
    assert_eq!(dotted(CARD[STARTERS[7]].tiles), "Ca · C · O · O · O");
}

#[test]
fn no_two_card_formulas_share_a_multiset() {
    for (i, f) in CARD.iter().enumerate() {
        assert_eq!(card_index_of_multiset(f.tiles), Some(i), "{}", f.name);
    }
}

#[test]
fn all_42_card_formulas_are_valid_and_known_in_both_modes() {
    for (i, f) in CARD.iter().enumerate() {
        assert_eq!(standard(f.tiles), known(i), "{}", f.name);
        assert_eq!(theory(f.tiles), known(i), "{}", f.name);
        let mut reversed = f.tiles.to_vec();
        reversed.reverse();
        assert_eq!(theory(&reversed), known(i), "{} reversed", f.name);
    }
}

// ---- manual §6: Standard Mode examples ----

#[test]
fn standard_mode_accepts_water_and_table_salt() {
    assert_eq!(standard(&[H, H, O]), known(0));
    assert_eq!(standard(&[Na, Cl]), known(2));
}

#[test]
fn standard_mode_rejects_cl_na_as_not_the_conventional_order() {
    let rejection = standard(&[Cl, Na]).unwrap_err();
    assert_eq!(rejection.rule, Rule::CardOrder);
    assert_eq!(rejection.card, Some(2));
    assert_eq!(
        rejection.to_string(),
        "ClNa is not the conventional order: play Na · Cl"
    );
}

#[test]
fn standard_mode_rejects_water_in_the_wrong_order() {
    let rejection = standard(&[O, H, H]).unwrap_err();
    assert_eq!(rejection.rule, Rule::CardOrder);
    assert_eq!(rejection.card, Some(0));
    assert_eq!(
        rejection.to_string(),
        "OH₂ is not the conventional order: play H · H · O"
    );
}

#[test]
fn standard_mode_rejects_c_h_h_as_not_on_the_card() {
    assert_eq!(rule(standard(&[C, H, H])), Rule::NotOnCard);
    // glucose is real but not on the card
    let glucose: Vec<Element> = [[C; 6].as_slice(), &[H; 12], &[O; 6]].concat();
    assert_eq!(rule(standard(&glucose)), Rule::NotOnCard);
    assert_eq!(theory(&glucose), HYPOTHETICAL);
}

#[test]
fn standard_mode_says_nothing_about_valency() {
    assert_eq!(rule(standard(&[He, O])), Rule::NotOnCard);
    assert_eq!(rule(standard(&[C, C])), Rule::NotOnCard);
    assert_eq!(rule(standard(&[H])), Rule::SingleTile);
}

// ---- manual §12 and RULES §4: Theory Mode examples ----

#[test]
fn theory_mode_accepts_water_written_in_any_order() {
    assert_eq!(theory(&[O, H, H]), known(0));
    assert_eq!(theory(&[H, O, H]), known(0));
}

#[test]
fn theory_mode_order_does_not_matter_for_table_salt() {
    assert_eq!(theory(&[Cl, Na]), known(2));
}

#[test]
fn theory_mode_o_c_c_o_is_hypothetical() {
    assert_eq!(theory(&[C, C, O, O]), HYPOTHETICAL);
    assert_eq!(theory(&[O, C, C, O]), HYPOTHETICAL);
}

#[test]
fn theory_mode_ozone_is_valid() {
    assert_eq!(theory(&[O, O, O]), HYPOTHETICAL);
}

#[test]
fn theory_mode_c_h_h_is_rejected_carbon_needs_four_bonds() {
    let rejection = theory(&[C, H, H]).unwrap_err();
    assert_eq!(rejection.rule, Rule::Starved);
    assert_eq!(
        rejection.to_string(),
        "CH₂: carbon needs 4 bonds but gets only 2"
    );
}

#[test]
fn theory_mode_helium_forms_no_bonds() {
    let rejection = theory(&[He, O]).unwrap_err();
    assert_eq!(rejection.rule, Rule::NoBonds);
    assert_eq!(rejection.to_string(), "HeO: helium forms no bonds");
    assert_eq!(rule(theory(&[Ne, H, H])), Rule::NoBonds);
    assert_eq!(rule(theory(&[He, Ne])), Rule::NoBonds);
}

#[test]
fn theory_mode_c_c_would_need_a_quadruple_bond() {
    let rejection = theory(&[C, C]).unwrap_err();
    assert_eq!(rejection.rule, Rule::BondOrder);
    assert!(rejection.to_string().contains("more than a triple bond"));
}

#[test]
fn theory_mode_carbon_monoxide_is_known_though_valency_rejects_it() {
    assert_eq!(theory(&[C, O]), known(14));
    assert_eq!(theory(&[O, C]), known(14));
    // the valency calculator alone would starve it
    assert_eq!(theory::theory_check_tiles(&[C, O]), Err(Rule::Starved));
}

#[test]
fn a_single_tile_is_not_a_formula_in_either_mode() {
    for mode in [Mode::Standard, Mode::Theory] {
        assert_eq!(rule(judge(mode, Edition::CURRENT, &[O])), Rule::SingleTile);
        assert_eq!(rule(judge(mode, Edition::CURRENT, &[He])), Rule::SingleTile);
        let empty = judge(mode, Edition::CURRENT, &[]).unwrap_err();
        assert_eq!(empty.rule, Rule::SingleTile);
        assert!(!empty.to_string().is_empty());
    }
}

// ---- every rule, with an example ----

#[test]
fn every_rule_is_reachable() {
    assert!(parse_spaced("H Xx O").is_err());
    assert_eq!(rule(theory(&[H])), Rule::SingleTile);
    assert_eq!(rule(theory(&[He, H])), Rule::NoBonds);
    assert_eq!(rule(theory(&[H, H, H])), Rule::Unpaired);
    assert_eq!(rule(theory(&[C, H, H])), Rule::Starved);
    assert_eq!(rule(theory(&[H, H, H, H])), Rule::Disconnected);
    assert_eq!(rule(theory(&[C, C])), Rule::BondOrder);
    assert_eq!(rule(standard(&[Cl, Na])), Rule::CardOrder);
    assert_eq!(rule(standard(&[C, H, H])), Rule::NotOnCard);
}

#[test]
fn rule_codes_are_stable() {
    let codes: Vec<&str> = Rule::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(
        codes,
        [
            "unknown-element",
            "single-tile",
            "no-bonds",
            "unpaired",
            "starved",
            "disconnected",
            "bond-order",
            "card-order",
            "not-on-card",
            "not-organic",
            "order",
            "not-documented"
        ]
    );
}

#[test]
fn the_chain_reports_the_first_empty_set() {
    // Mn·H: only Mn=7 makes the total even, and then manganese is starved
    assert_eq!(rule(theory(&[Mn, H])), Rule::Starved);
    assert_eq!(
        theory(&[Mn, H]).unwrap_err().to_string(),
        "MnH: manganese (valency 2, 4 or 7) needs 7 bonds here but gets only 1"
    );
    // at its least valency an element's need is said plainly (N: 3 or 5)
    assert_eq!(
        theory(&[N, H]).unwrap_err().to_string(),
        "NH: nitrogen needs 3 bonds but gets only 1"
    );
    // N·H·H: 3+1+1 and 5+1+1 are both odd
    assert_eq!(rule(theory(&[N, H, H])), Rule::Unpaired);
    // Na·Na·Na·Na: even, nobody starved, but 2 bonds can't hold 4 atoms
    assert_eq!(rule(theory(&[Na, Na, Na, Na])), Rule::Disconnected);
    // three carbons: a triangle of double bonds
    assert_eq!(theory(&[C, C, C]), HYPOTHETICAL);
    // U·U: 4+4 or 6+6 are past a triple bond
    assert_eq!(rule(theory(&[U, U])), Rule::BondOrder);
    // Mn=Mn: both atoms choose 2
    assert_eq!(theory(&[Mn, Mn]), HYPOTHETICAL);
}

#[test]
fn rejection_messages_read_as_sentences() {
    let says = |tiles: &[Element]| theory(tiles).unwrap_err().to_string();
    assert_eq!(
        says(&[H, H, H, H]),
        "H₄: can't be one molecule: 4 atoms need at least 3 bonds, their valencies allow only 2"
    );
    assert_eq!(
        says(&[H, H, H]),
        "H₃: an atom is left needing a bond: every choice of valencies adds up to an odd number"
    );
    assert_eq!(says(&[Ne, O]), "NeO: neon forms no bonds");
    assert_eq!(
        says(&[H]),
        "H: a single tile is not a formula; a formula needs at least two tiles"
    );
    assert!(says(&[C, C]).starts_with("C₂: would need more than a triple bond"));
    assert_eq!(
        standard(&[C, H, H]).unwrap_err().to_string(),
        "CH₂ is not on the reference card: Standard Mode takes only its 42 formulas"
    );
}

// ---- text forms ----

#[test]
fn formula_text_keeps_tile_order_and_writes_repeats_as_subscripts() {
    assert_eq!(formula_text(&[H, H, O]), "H₂O");
    assert_eq!(formula_text(&[O, H, H]), "OH₂");
    assert_eq!(formula_text(&[H, O, H]), "HOH");
    assert_eq!(formula_text(&[Ca, C, O, O, O]), "CaCO₃");
    assert_eq!(formula_text(&[H; 12]), "H₁₂");
    assert_eq!(formula_text(&[C; 10]), "C₁₀");
    assert_eq!(formula_text(&[]), "");
}

#[test]
fn a_card_substance_is_named_in_any_tile_order() {
    assert_eq!(formula_label(&[H, H, O]), "H₂O — water");
    assert_eq!(formula_label(&[O, H, H]), "OH₂ — water");
    assert_eq!(formula_label(&[Cl, K]), "ClK — potassium chloride");
    assert_eq!(formula_label(&[Na, Cl]), "NaCl — table salt");
    assert_eq!(formula_label(&[C, C, O, O]), "C₂O₂");
    assert_eq!(card_entry(&[O, H, H]).map(|c| c.name), Some("Water"));
    assert!(card_entry(&[H, H, O, O]).is_none());
}

#[test]
fn card_names_hold_no_bracket_inside_another() {
    assert_eq!(formula_label(&[Ca, O]), "CaO — calcium oxide, quicklime");
    assert_eq!(
        formula_label(&[Fe, Fe, O, O, O]),
        "Fe₂O₃ — rust, iron(III) oxide"
    );
    for f in &CARD {
        let mut depth = 0;
        for c in f.name.chars() {
            depth += match c {
                '(' => 1,
                ')' => -1,
                _ => 0,
            };
            assert!((0..=1).contains(&depth), "{}", f.name);
        }
    }
}

#[test]
fn spaced_form_round_trips_and_is_case_sensitive() {
    assert_eq!(spaced(&[H, H, O]), "H H O");
    assert_eq!(parse_spaced("  Na \t Cl "), Ok(vec![Na, Cl]));
    assert_eq!(parse_spaced(""), Ok(vec![]));
    let err = parse_spaced("Na CL").unwrap_err();
    assert!(err.contains("\"CL\""), "{err}");
    assert!(parse_spaced("na").is_err());
    assert!(parse_spaced("?").is_err());
    for f in &CARD {
        assert_eq!(parse_spaced(&spaced(f.tiles)).as_deref(), Ok(f.tiles));
    }
}

#[test]
fn mode_reads_and_writes_its_code() {
    assert_eq!("theory".parse::<Mode>(), Ok(Mode::Theory));
    assert_eq!("standard".parse::<Mode>(), Ok(Mode::Standard));
    assert!("Theory".parse::<Mode>().is_err());
    assert_eq!(Mode::Theory.code(), "theory");
    assert_eq!(Mode::Standard.code(), "standard");
}

// ---- robustness ----

#[test]
fn huge_formulas_are_judged_without_panicking() {
    assert_eq!(rule(theory(&[H; 10_000])), Rule::Disconnected);
    assert_eq!(theory(&[C; 1000]), HYPOTHETICAL);
    // chlorine's valences are all odd, so an odd number of chlorines can't pair up
    assert_eq!(rule(theory(&[Cl; 301])), Rule::Unpaired);
    assert_eq!(theory(&[Cl; 300]), HYPOTHETICAL);
    assert_eq!(rule(standard(&[O; 5000])), Rule::NotOnCard);
    let rejection = theory(&[H; 10_000]).unwrap_err();
    assert!(rejection
        .to_string()
        .starts_with("H₁₀₀₀₀: can't be one molecule"));
}

#[test]
fn theory_check_counts_agrees_with_judge() {
    let cases: &[&[Element]] = &[
        &[H, H, O],
        &[C, O],
        &[C, C, O, O],
        &[He, O],
        &[C, H, H],
        &[H],
        &[],
        &[C, C],
        &[H, H, H, H],
        &[H, H, H],
    ];
    for &tiles in cases {
        let mut counts = [0u8; Element::COUNT];
        for &e in tiles {
            counts[e.index()] += 1;
        }
        let by_judge = theory(tiles).map(|a| a.known).map_err(|r| r.rule);
        assert_eq!(theory_check_counts(&counts), by_judge, "{tiles:?}");
    }
}

#[test]
fn kinds_table_matches_the_element_valences() {
    assert!(internals::kinds_match_elements());
}

// ---- the valency calculator against brute force ----

/// Searches for a connected multigraph (0–3 bonds per pair, no loops) with these degrees.
fn brute_force_molecule(degrees: &[u8]) -> bool {
    let n = degrees.len();
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect();
    let mut left: Vec<u32> = degrees.iter().map(|&d| d as u32).collect();
    let mut bonds = vec![0u32; pairs.len()];
    fn connected(n: usize, pairs: &[(usize, usize)], bonds: &[u32]) -> bool {
        let mut seen = vec![false; n];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            for (p, &(i, j)) in pairs.iter().enumerate() {
                if bonds[p] > 0 && (i == v || j == v) {
                    let w = if i == v { j } else { i };
                    if !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
        }
        seen.iter().all(|&s| s)
    }
    fn go(
        p: usize,
        n: usize,
        pairs: &[(usize, usize)],
        left: &mut [u32],
        bonds: &mut [u32],
    ) -> bool {
        if p == pairs.len() {
            return left.iter().all(|&x| x == 0) && connected(n, pairs, bonds);
        }
        let (i, j) = pairs[p];
        for m in 0..=3.min(left[i]).min(left[j]) {
            // what each end can still receive from its remaining pairs
            let room_i = 3 * (n - 1 - j) as u32;
            let room_j = 3 * ((j - 1 - i) + (n - 1 - j)) as u32;
            if left[i] - m > room_i || left[j] - m > room_j {
                continue;
            }
            left[i] -= m;
            left[j] -= m;
            bonds[p] = m;
            let found = go(p + 1, n, pairs, left, bonds);
            left[i] += m;
            left[j] += m;
            if found {
                return true;
            }
        }
        false
    }
    n >= 2 && go(0, n, &pairs, &mut left, &mut bonds)
}

#[test]
fn brute_force_finds_the_examples() {
    assert!(brute_force_molecule(&[2, 1, 1])); // water
    assert!(brute_force_molecule(&[4, 4, 2, 2])); // O=C=C=O
    assert!(!brute_force_molecule(&[4, 4])); // C≣C
    assert!(brute_force_molecule(&[3, 3])); // N≡N
    assert!(!brute_force_molecule(&[1, 1, 1, 1])); // two H₂, not one molecule
    assert!(!brute_force_molecule(&[4, 1, 1])); // CH₂
}

fn sorted_sequences(n: usize, low: u8, out: &mut Vec<Vec<u8>>, prefix: &mut Vec<u8>) {
    if prefix.len() == n {
        out.push(prefix.clone());
        return;
    }
    for d in low..=7 {
        prefix.push(d);
        sorted_sequences(n, d, out, prefix);
        prefix.pop();
    }
}

#[test]
fn spec_degree_condition_equals_brute_force_for_up_to_six_atoms() {
    for n in 2..=6 {
        let mut all = Vec::new();
        sorted_sequences(n, 1, &mut all, &mut Vec::new());
        for degrees in all {
            assert_eq!(
                bond_graph_exists(&degrees),
                brute_force_molecule(&degrees),
                "{degrees:?}"
            );
        }
    }
}

#[test]
fn fast_cap_test_equals_the_spec_condition_for_up_to_ten_atoms() {
    // valences are at most 7, so only k ≤ 3 of the cap's inequalities can fail
    for n in 2..=10 {
        let mut all = Vec::new();
        sorted_sequences(n, 1, &mut all, &mut Vec::new());
        for degrees in all {
            assert_eq!(
                internals::fast_sequence_fits(&degrees),
                bond_graph_exists(&degrees),
                "{degrees:?}"
            );
        }
    }
}

#[test]
fn theory_check_equals_the_spec_condition_for_every_mix_of_five_atoms() {
    let mut all = Vec::new();
    mixes(5, 0, &mut Vec::new(), &mut all);
    for tiles in all {
        assert_eq!(
            fast(&tiles),
            chain_by_enumeration(&tiles, &mut |d| bond_graph_exists(d)),
            "{tiles:?}"
        );
    }
}

/// The RULES §9 chain by enumerating every atom's valence, with `graph` deciding S3.
fn chain_by_enumeration(
    tiles: &[Element],
    graph: &mut dyn FnMut(&[u8]) -> bool,
) -> Result<bool, Rule> {
    if tiles.len() < 2 {
        return Err(Rule::SingleTile);
    }
    if card_index_of_multiset(tiles).is_some() {
        return Ok(true);
    }
    if tiles.iter().any(|e| e.valences().is_empty()) {
        return Err(Rule::NoBonds);
    }
    let n = tiles.len();
    let mut reached = 0; // how many sets of the chain are non-empty
    let mut choice = vec![0usize; n];
    loop {
        let degrees: Vec<u8> = tiles
            .iter()
            .zip(&choice)
            .map(|(e, &c)| e.valences()[c])
            .collect();
        let total: u32 = degrees.iter().map(|&d| d as u32).sum();
        let most = degrees.iter().copied().max().unwrap_or(0) as u32;
        let mut level = 0;
        if total.is_multiple_of(2) {
            level = 1;
            if 2 * most <= total {
                level = 2;
                if total / 2 >= n as u32 - 1 {
                    level = 3;
                    if graph(&degrees) {
                        level = 4;
                    }
                }
            }
        }
        reached = reached.max(level);
        if reached == 4 {
            return Ok(false);
        }
        // next choice, odometer style
        let mut i = 0;
        loop {
            if i == n {
                return Err([
                    Rule::Unpaired,
                    Rule::Starved,
                    Rule::Disconnected,
                    Rule::BondOrder,
                ][reached]);
            }
            choice[i] += 1;
            if choice[i] < tiles[i].valences().len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
}

fn fast(tiles: &[Element]) -> Result<bool, Rule> {
    theory(tiles).map(|a| a.known).map_err(|r| r.rule)
}

fn brute_graph_memo() -> impl FnMut(&[u8]) -> bool {
    let mut memo: HashMap<Vec<u8>, bool> = HashMap::new();
    move |degrees: &[u8]| {
        let mut key = degrees.to_vec();
        key.sort_unstable();
        *memo
            .entry(key)
            .or_insert_with_key(|k| brute_force_molecule(k))
    }
}

// one element per valence list, so every kind of atom appears
const ONE_OF_EACH_KIND: [Element; 15] = [H, O, Al, C, N, Cl, S, Fe, Cu, Mn, Br, Cr, Au, Sn, U];

// every multiset of `size` atoms drawn from ONE_OF_EACH_KIND
fn mixes(size: usize, from: usize, prefix: &mut Vec<Element>, out: &mut Vec<Vec<Element>>) {
    if prefix.len() == size {
        out.push(prefix.clone());
        return;
    }
    for (k, &element) in ONE_OF_EACH_KIND.iter().enumerate().skip(from) {
        prefix.push(element);
        mixes(size, k, prefix, out);
        prefix.pop();
    }
}

#[test]
fn theory_check_equals_brute_force_for_every_mix_of_up_to_four_atoms() {
    let mut graph = brute_graph_memo();
    let mut all = Vec::new();
    for size in 2..=4 {
        mixes(size, 0, &mut Vec::new(), &mut all);
    }
    for tiles in all {
        assert_eq!(
            fast(&tiles),
            chain_by_enumeration(&tiles, &mut graph),
            "{tiles:?}"
        );
    }
}

fn bonding_element() -> impl Strategy<Value = Element> {
    // lean on the many-valence kinds, where the search has the most to do
    prop_oneof![
        3 => prop::sample::select(ONE_OF_EACH_KIND.to_vec()),
        1 => prop::sample::select(Element::ALL[..31].to_vec()),
    ]
}

proptest! {
    #[test]
    fn theory_check_equals_brute_force_molecule_search(
        tiles in prop::collection::vec(bonding_element(), 2..=6)
    ) {
        let mut graph = brute_graph_memo();
        prop_assert_eq!(fast(&tiles), chain_by_enumeration(&tiles, &mut graph));
    }

    #[test]
    fn theory_check_equals_the_spec_condition_for_larger_formulas(
        tiles in prop::collection::vec(bonding_element(), 7..=9)
    ) {
        prop_assert_eq!(fast(&tiles), chain_by_enumeration(&tiles, &mut |d| bond_graph_exists(d)));
    }

    #[test]
    fn theory_check_equals_the_spec_condition_for_long_formulas(
        tiles in prop::collection::vec(
            prop_oneof![
                2 => prop::sample::select(vec![H, O, C, Al, Na, Ca]),
                1 => prop::sample::select(ONE_OF_EACH_KIND.to_vec()),
            ],
            10..=15,
        )
    ) {
        // keep the atom-by-atom oracle affordable
        let choices: usize = tiles.iter().map(|e| e.valences().len()).product();
        prop_assume!(choices <= 5000);
        prop_assert_eq!(fast(&tiles), chain_by_enumeration(&tiles, &mut |d| bond_graph_exists(d)));
    }

    #[test]
    fn theory_verdict_ignores_tile_order(
        (tiles, shuffled) in prop::collection::vec(prop::sample::select(Element::ALL.to_vec()), 0..=15)
            .prop_flat_map(|v| (Just(v.clone()), Just(v).prop_shuffle()))
    ) {
        prop_assert_eq!(fast(&tiles), fast(&shuffled));
    }

    #[test]
    fn standard_mode_accepts_exactly_the_card(
        tiles in prop::collection::vec(prop::sample::select(Element::ALL.to_vec()), 0..=7)
    ) {
        let verdict = standard(&tiles);
        prop_assert_eq!(verdict.is_ok(), card_index(&tiles).is_some());
    }
}

#[test]
fn any_rejection_displays_without_panicking() {
    let odd: [&[Element]; 4] = [&[], &[He, Ne, He], &[H], &[Mn, Mn, He, C]];
    for rule in Rule::ALL {
        for tiles in odd {
            for (card, edition) in [None, Some(3), Some(99)]
                .into_iter()
                .zip(Edition::ALL.into_iter().cycle())
            {
                let text = Rejection {
                    rule,
                    tiles: tiles.to_vec(),
                    card,
                    edition,
                }
                .to_string();
                assert!(!text.is_empty());
            }
        }
    }
}

#[test]
fn an_element_that_forms_no_bonds_is_in_no_valid_formula() {
    for f in &CARD {
        assert!(f.tiles.iter().all(|e| e.forms_bonds()), "{}", f.name);
    }
    for e in Element::ALL.into_iter().filter(|e| !e.forms_bonds()) {
        for other in Element::ALL {
            assert!(
                judge(Mode::Theory, Edition::CURRENT, &[e, other]).is_err(),
                "{e} {other}"
            );
            assert!(
                judge(Mode::Standard, Edition::CURRENT, &[other, e]).is_err(),
                "{other} {e}"
            );
        }
    }
}

// ---- Ion Rules (a table variant) ----

fn ions_theory(tiles: &[Element]) -> Result<Accepted, Rejection> {
    judge_ions(Mode::Theory, Edition::CURRENT, tiles)
}

fn charge_of(verdict: Result<Accepted, Rejection>) -> i8 {
    match verdict {
        Ok(accepted) => accepted.charge,
        Err(rejection) => panic!("expected an ion, got {rejection}"),
    }
}

#[test]
fn ion_rules_accept_the_textbook_ions_in_theory_mode_with_their_charge() {
    assert_eq!(charge_of(ions_theory(&[O, H])), -1);
    assert_eq!(charge_of(ions_theory(&[H, O])), -1);
    assert_eq!(charge_of(ions_theory(&[N, H, H, H, H])), 1);
    assert_eq!(charge_of(ions_theory(&[S, O, O, O, O])), -2);
    assert_eq!(charge_of(ions_theory(&[C, O, O, O])), -2);
    assert_eq!(charge_of(ions_theory(&[P, O, O, O, O])), -3);
    assert_eq!(charge_of(ions_theory(&[H, H, H, O])), 1);
}

#[test]
fn without_ion_rules_a_charged_formula_is_refused_or_neutral() {
    assert_eq!(rule(theory(&[O, H])), Rule::Unpaired);
    assert_eq!(rule(theory(&[N, H, H, H, H])), Rule::Unpaired);
    assert_eq!(rule(theory(&[O, H])), Rule::Unpaired);
    // S·O·O·O·O and C·O·O·O are neutral (peroxide rings) without the variant
    assert_eq!(theory(&[S, O, O, O, O]), HYPOTHETICAL);
    assert_eq!(theory(&[C, O, O, O]), HYPOTHETICAL);
}

#[test]
fn ion_rules_keep_card_formulas_and_neutral_molecules_neutral() {
    // N·O·O is the card's nitrogen dioxide, never nitrite; H·H·O is water
    assert_eq!(ions_theory(&[N, O, O]), known(15));
    assert_eq!(charge_of(ions_theory(&[H, H, O])), 0);
    assert_eq!(charge_of(ions_theory(&[C, C, O, O])), 0);
    // a standard game has no ions
    assert_eq!(
        rule(judge_ions(Mode::Standard, Edition::CURRENT, &[O, H])),
        Rule::NotOnCard
    );
}

#[test]
fn ion_rules_give_an_undocumented_ion_the_charge_nearest_zero() {
    // C≡C with a minus on each carbon: the acetylide, C₂²⁻
    assert_eq!(charge_of(ions_theory(&[C, C])), -2);
    // Na–O⁻
    assert_eq!(charge_of(ions_theory(&[Na, O])), -1);
    let mask = ions::valency_charges(&ions::counts_of(&[O, H]));
    assert_eq!(mask, 1 << 2, "OH: only −1");
}

#[test]
fn ion_rules_refuse_a_charge_beyond_three() {
    // H–F–F–F–F–H holds together only with each fluorine taking a second bond: four pluses
    assert!(ions_theory(&[H, F, F, F, F, H]).is_err());
    assert_eq!(
        ions::valency_charges(&ions::counts_of(&[H, F, F, F, F, H])),
        0
    );
    // with three fluorines it is H–F⁺–F⁺–F⁺–H: +3, the most Ion Rules allow
    assert_eq!(charge_of(ions_theory(&[H, F, F, F, H])), 3);
    // five hydrogens on one oxygen: no charge makes that
    assert!(ions_theory(&[O, H, H, H, H, H]).is_err());
}

#[test]
fn the_ion_table_is_read_whole_and_holds_each_multiset_once() {
    let all = ions::documented();
    assert_eq!(
        all.len(),
        ions::lines_listed(),
        "a line of data/ions.tsv can't be read"
    );
    assert!(all.len() >= 40, "only {} ions", all.len());
    for (i, a) in all.iter().enumerate() {
        assert!((1..=3).contains(&a.charge.abs()), "{}", a.name);
        for b in &all[i + 1..] {
            assert_ne!(
                ions::counts_of(&a.tiles),
                ions::counts_of(&b.tiles),
                "{}",
                b.name
            );
        }
    }
}

#[test]
fn every_documented_ion_counts_in_theory_mode_under_ion_rules() {
    for ion in ions::documented() {
        let verdict = ions_theory(&ion.tiles).expect(ion.name);
        // the two that are card formulas stay the card's neutral substances
        if card_index_of_multiset(&ion.tiles).is_some() {
            assert_eq!(verdict.charge, 0, "{}", ion.name);
        } else {
            assert_eq!(verdict.charge, ion.charge, "{}", ion.name);
        }
    }
}

#[test]
fn a_charge_is_written_as_superscripts() {
    assert_eq!(formula_text_charged(&[O, H], -1), "OH⁻");
    assert_eq!(formula_text_charged(&[S, O, O, O, O], -2), "SO₄²⁻");
    assert_eq!(formula_text_charged(&[N, H, H, H, H], 1), "NH₄⁺");
    assert_eq!(formula_text_charged(&[P, O, O, O, O], -3), "PO₄³⁻");
    assert_eq!(formula_text_charged(&[H, H, O], 0), "H₂O");
    assert_eq!(
        formula_label_charged(&[C, O, O, O], -2),
        "CO₃²⁻ — carbonate"
    );
    assert_eq!(formula_label_charged(&[H, H, O], 0), "H₂O — water");
}
