//! Chemistry explained (SPEC §10): structures, drawings, names, facts and masses of formulas.

pub mod smiles;
pub mod structure;
