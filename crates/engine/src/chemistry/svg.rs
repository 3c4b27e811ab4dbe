//! A structure drawn as an SVG string: bonds as strokes, atoms as coloured labels.
//!
//! Presentation attributes only (no `style` attribute or element), so the page's
//! Content-Security-Policy (`style-src 'self'`) lets it in as it is.

use super::layout::{layout, Layout};
use super::structure::Molecule;
use crate::elements::Element;
use crate::html;
use crate::markup::Html;

/// Pixels per bond.
const BOND: f64 = 40.0;
const FONT: f64 = 17.0;
const SMALL: f64 = 12.0;
/// How far a bond stops short of a labelled atom's centre.
const GAP: f64 = 11.0;
const MARGIN: f64 = 18.0;

/// A label's colour: CPK colours, darkened where the usual one is unreadable on white
/// (hydrogen white, sulfur and chlorine bright yellow and green).
pub fn colour(e: Element) -> &'static str {
    use Element::*;
    match e {
        H => "#555555",
        C => "#222222",
        O => "#d0201a",
        N => "#2f4fd8",
        F | Cl => "#1e8c2a",
        Br => "#992222",
        I => "#7a1f8f",
        S => "#a8860a",
        P => "#d46a00",
        Na | K | Li => "#7d3fc2",
        Ca | Mg | Ba => "#2a7a1a",
        Si => "#9a7040",
        Al => "#806a6a",
        Fe => "#c0501f",
        Cu => "#a8642a",
        Zn => "#5d6090",
        Mn => "#7a5aa8",
        Ag => "#6f6f6f",
        Sn | Pb => "#4f6363",
        Ni => "#2f8f2f",
        Cr => "#4a5a8a",
        Au => "#a07c00",
        Pt | Hg => "#62627a",
        U => "#0070d0",
        He | Ne => "#3a8a9a",
    }
}

// a rough text width: enough to keep labels apart and inside the picture
fn width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.62
}

fn number(x: f64) -> String {
    let rounded = (x * 10.0).round() / 10.0;
    if rounded == 0.0 {
        "0".to_string()
    } else {
        format!("{rounded}")
    }
}

/// The drawing of a structure with `title` as its accessible name (`<title>`).
pub fn svg(molecule: &Molecule, title: &str) -> Html {
    svg_of_layout(molecule, &layout(molecule), title)
}

pub fn svg_of_layout(molecule: &Molecule, drawing: &Layout, title: &str) -> Html {
    let n = molecule.atoms.len();
    // pixels, y down; the drawing's own y runs up
    let px: Vec<Option<(f64, f64)>> = drawing
        .points
        .iter()
        .map(|p| p.map(|(x, y)| (x * BOND, -y * BOND)))
        .collect();
    // hydrogens of a label go on the side away from its bonds
    let h_left: Vec<bool> = (0..n)
        .map(|i| {
            let Some(here) = px[i] else { return false };
            let pull: f64 = molecule
                .neighbours(i)
                .filter_map(|(j, _)| px[j].map(|p| p.0 - here.0))
                .sum();
            pull > 0.5
        })
        .collect();
    let mut bounds = (
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    );
    let mut grow = |x: f64, y: f64| {
        bounds.0 = bounds.0.min(x);
        bounds.1 = bounds.1.min(y);
        bounds.2 = bounds.2.max(x);
        bounds.3 = bounds.3.max(y);
    };
    let mut labels = Html::new();
    for i in 0..n {
        let Some((x, y)) = px[i] else { continue };
        let e = molecule.atoms[i];
        let symbol = e.symbol();
        let half = width(symbol, FONT) / 2.0;
        grow(x - half, y - FONT / 2.0);
        grow(x + half, y + FONT / 2.0);
        labels.push(&html!(
            "<text x={} y={} fill={} text-anchor=\"middle\" dy=\"0.35em\">{}</text>",
            number(x),
            number(y),
            colour(e),
            symbol
        ));
        let h = drawing.hydrogens[i];
        if h > 0 {
            let count = if h > 1 {
                html!("<tspan font-size={} dy=\"4\">{}</tspan>", number(SMALL), h)
            } else {
                Html::new()
            };
            let extent = width("H", FONT) + if h > 1 { width("2", SMALL) } else { 0.0 };
            let (hx, anchor) = if h_left[i] {
                grow(x - half - extent, y);
                (x - half, "end")
            } else {
                grow(x + half + extent, y);
                (x + half, "start")
            };
            labels.push(&html!(
                "<text x={} y={} fill={} text-anchor={} dy=\"0.35em\">H{}</text>",
                number(hx),
                number(y),
                colour(Element::H),
                anchor,
                count
            ));
        }
        let charge = molecule.charges.get(i).copied().unwrap_or(0);
        if charge != 0 {
            let sign = if charge > 0 { "+" } else { "\u{2212}" };
            let text = match charge.unsigned_abs() {
                1 => sign.to_string(),
                k => format!("{k}{sign}"),
            };
            // in the corner farthest from the atom's bonds
            let corners = [(1.0, -1.0), (-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
            let bonds: Vec<(f64, f64)> = molecule
                .neighbours(i)
                .filter_map(|(j, _)| px[j].map(|p| (p.0 - x, p.1 - y)))
                .collect();
            let score = |c: &(f64, f64)| -> f64 {
                bonds
                    .iter()
                    .map(|b| {
                        let length = (b.0 * b.0 + b.1 * b.1).sqrt().max(1e-6);
                        (c.0 * b.0 + c.1 * b.1) / length
                    })
                    .fold(f64::NEG_INFINITY, f64::max)
            };
            let corner = corners
                .iter()
                .copied()
                .min_by(|a, b| score(a).total_cmp(&score(b)))
                .unwrap_or(corners[0]);
            // beside the symbol, the whole text clear of it ("2+" is wider than "+")
            let cx = x + corner.0 * (half + 1.5 + width(&text, SMALL) / 2.0);
            let cy = y + corner.1 * FONT * 0.55;
            grow(cx - width(&text, SMALL), cy - SMALL);
            grow(cx + width(&text, SMALL), cy + SMALL);
            labels.push(&html!(
                "<text x={} y={} font-size={} fill={} \
                 text-anchor=\"middle\" dy=\"0.35em\">{}</text>",
                number(cx),
                number(cy),
                number(SMALL),
                colour(e),
                text
            ));
        }
    }
    let mut lines = Html::new();
    for b in &molecule.bonds {
        let (Some(p), Some(q)) = (px[b.a], px[b.b]) else {
            continue;
        };
        let length = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
        if length <= 2.0 * GAP {
            continue;
        }
        let (ux, uy) = ((q.0 - p.0) / length, (q.1 - p.1) / length);
        let (a, z) = (
            (p.0 + ux * GAP, p.1 + uy * GAP),
            (q.0 - ux * GAP, q.1 - uy * GAP),
        );
        let offsets: &[f64] = match b.order {
            2 => &[-2.6, 2.6],
            3 => &[-4.2, 0.0, 4.2],
            _ => &[0.0],
        };
        for &o in offsets {
            let (dx, dy) = (-uy * o, ux * o);
            lines.push(&html!(
                "<line x1={} y1={} x2={} y2={}/>",
                number(a.0 + dx),
                number(a.1 + dy),
                number(z.0 + dx),
                number(z.1 + dy)
            ));
        }
    }
    if !bounds.0.is_finite() {
        bounds = (0.0, 0.0, 0.0, 0.0);
    }
    let (x0, y0) = (bounds.0 - MARGIN, bounds.1 - MARGIN);
    let (w, h) = (
        bounds.2 - bounds.0 + 2.0 * MARGIN,
        bounds.3 - bounds.1 + 2.0 * MARGIN,
    );
    html!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {} {}\" width={} height={} \
         role=\"img\" font-family=\"sans-serif\" font-size={}><title>{}</title>\
         <g stroke=\"#333333\" stroke-width=\"1.6\" stroke-linecap=\"round\">{}</g>{}</svg>",
        number(x0),
        number(y0),
        number(w),
        number(h),
        number(w),
        number(h),
        number(FONT),
        title,
        lines,
        labels
    )
}
