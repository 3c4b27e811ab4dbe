//! The Reference card tab: the 42 formulas in tile order, the starters, tiles and valences.

use leptos::prelude::*;
use molscrab_engine::elements::{Element, Tile, WILD_COUNT};
use molscrab_engine::referee::{formula_text, CARD, STARTERS};

fn tile_order(tiles: &[Element]) -> String {
    tiles
        .iter()
        .map(|e| e.symbol())
        .collect::<Vec<_>>()
        .join(" · ")
}

// The card's tables never change, so their rows are written once as HTML from the engine's
// constants (our own text, no player input, none of it markup) and set as the bodies'
// content: the same DOM in less wasm than a view per row.
fn card_rows() -> String {
    let mut html = String::new();
    for f in CARD.iter() {
        html += &format!(
            "<tr><td class=\"formula\">{}</td><td>{}</td><td class=\"tiles-order\">{}</td></tr>",
            formula_text(f.tiles),
            f.name,
            tile_order(f.tiles)
        );
    }
    html
}

fn starter_items() -> String {
    let mut html = String::new();
    for f in STARTERS.iter().filter_map(|i| CARD.get(*i)) {
        html += &format!(
            "<li><b>{}</b> {} — <span class=\"seq\">{}</span></li>",
            formula_text(f.tiles),
            f.name,
            tile_order(f.tiles)
        );
    }
    html
}

fn element_rows() -> String {
    let mut html = String::new();
    for e in Element::ALL {
        let valences = if e.valences().is_empty() {
            "no bonds".to_string()
        } else {
            e.valences()
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        html += &format!(
            "<tr><td class=\"sym\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{valences}</td></tr>",
            e.symbol(),
            e.name(),
            e.points(),
            e.count()
        );
    }
    html
}

/// "116 tiles: 112 element tiles in 33 elements, plus 4 Wild Isotopes (0 points) …", from
/// the engine's counts.
fn tiles_line() -> String {
    let elements: usize = Element::ALL.iter().map(|e| usize::from(e.count())).sum();
    format!(
        "{} tiles: {elements} element tiles in {} elements, plus {WILD_COUNT} Wild Isotopes ({} \
         points) that play as any element.",
        elements + usize::from(WILD_COUNT),
        Element::COUNT,
        Tile::Wild.points()
    )
}

/// The whole card as HTML: fixed markup around the rows above, like How to play (one string of
/// data instead of a view's code).
fn card_html() -> String {
    format!(
        "<h2>Reference card</h2>\
<p>Standard Mode accepts exactly these {} formulas, in this tile order. In Theory Mode they count \
as known in any order.</p>\
<div class=\"table-wrap\"><table class=\"tiles card\"><thead><tr><th>Formula</th><th>Name</th>\
<th>Tiles to play</th></tr></thead><tbody>{}</tbody></table></div>\
<h3>Ten molecules to start with</h3><ol class=\"starters\">{}</ol>\
<h3>Tiles and valences</h3><p>{}</p>\
<div class=\"table-wrap\"><table class=\"tiles\"><thead><tr><th>Tile</th><th>Element</th>\
<th>Points</th><th>Count</th><th>Valences</th></tr></thead><tbody>{}</tbody></table></div>",
        CARD.len(),
        card_rows(),
        starter_items(),
        tiles_line(),
        element_rows()
    )
}

#[component]
pub fn ReferenceCard() -> impl IntoView {
    view! { <article class="prose wide" inner_html=card_html()></article> }
}

#[cfg(test)]
mod tests {
    use super::*;

    // the rows go in as HTML unescaped: that is only sound while the engine's texts hold no
    // markup character, which this guards
    #[test]
    fn the_card_rows_are_plain_text_in_fixed_markup() {
        let texts = CARD
            .iter()
            .flat_map(|f| {
                [
                    formula_text(f.tiles),
                    f.name.to_string(),
                    tile_order(f.tiles),
                ]
            })
            .chain(
                Element::ALL
                    .iter()
                    .flat_map(|e| [e.symbol().to_string(), e.name().to_string()]),
            );
        for text in texts {
            assert!(!text.contains(['<', '>', '&', '"']), "{text}");
        }
        let rows = card_rows();
        assert_eq!(rows.matches("<tr>").count(), 42);
        assert_eq!(starter_items().matches("<li>").count(), 10);
        assert_eq!(element_rows().matches("<tr>").count(), Element::COUNT);
        let card = card_html();
        assert!(card.contains("accepts exactly these 42 formulas"), "{card}");
        assert_eq!(card.matches("<table").count(), 2);
        assert_eq!(
            tiles_line(),
            "116 tiles: 112 element tiles in 33 elements, plus 4 Wild Isotopes (0 points) that \
             play as any element."
        );
    }
}
