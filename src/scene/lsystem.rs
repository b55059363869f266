//! L-systems: rewriting rules, walked depth-first without building the string.

use std::collections::BTreeMap;

use crate::check;
use crate::error::Error;

/// A compiled L-system over ASCII symbols.
#[derive(Debug, Clone)]
pub struct LSystem {
    axiom: Vec<u8>,
    rules: Vec<Option<Vec<u8>>>,
}

/// How big a generation is, computed from the rules without expanding them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    pub symbols: u128,
    pub strokes: u128,
}

impl LSystem {
    /// Compiles `axiom` and `rules` (one ASCII symbol each key, any ASCII
    /// string each value).
    pub fn new(axiom: &str, rules: &BTreeMap<String, String>) -> Result<Self, Error> {
        let ascii = "ASCII symbols, such as \"F+[-F]\"";
        if !axiom.is_ascii() {
            return Err(check::refuse("axiom", format!("{axiom:?}"), ascii));
        }
        let mut table = vec![None; 128];
        for (key, value) in rules {
            let &[symbol] = key.as_bytes() else {
                return Err(check::refuse(
                    "rules",
                    format!("a rule for {key:?}"),
                    "one rule per single ASCII symbol, such as { F = \"FF+[+F-F-F]-[-F+F+F]\" }",
                ));
            };
            if !symbol.is_ascii() || !value.is_ascii() {
                return Err(check::refuse("rules", format!("{key} = {value:?}"), ascii));
            }
            table[usize::from(symbol)] = Some(value.as_bytes().to_vec());
        }
        Ok(LSystem {
            axiom: axiom.as_bytes().to_vec(),
            rules: table,
        })
    }

    fn rule(&self, symbol: u8) -> Option<&[u8]> {
        self.rules[usize::from(symbol)].as_deref()
    }

    /// The number of symbols of `generation` and how many of them are in
    /// `draws`, saturating at `u128::MAX`.
    pub fn size(&self, generation: u32, draws: &[u8]) -> Size {
        let mut sizes: Vec<Size> = (0..128u8)
            .map(|s| Size {
                symbols: 1,
                strokes: u128::from(draws.contains(&s)),
            })
            .collect();
        for _ in 0..generation {
            sizes = (0..128u8)
                .map(|s| match self.rule(s) {
                    Some(rule) => sum(rule.iter().map(|&t| sizes[usize::from(t)])),
                    None => sizes[usize::from(s)],
                })
                .collect();
        }
        sum(self.axiom.iter().map(|&s| sizes[usize::from(s)]))
    }

    /// Calls `visit` with each symbol of `generation` in order. Memory is the
    /// recursion, as deep as `generation`, whatever the number of symbols.
    pub fn walk(&self, generation: u32, visit: &mut impl FnMut(u8)) {
        for &symbol in &self.axiom {
            self.walk_symbol(symbol, generation, visit);
        }
    }

    fn walk_symbol(&self, symbol: u8, depth: u32, visit: &mut impl FnMut(u8)) {
        match self.rule(symbol) {
            Some(rule) if depth > 0 => {
                for &s in rule {
                    self.walk_symbol(s, depth - 1, visit);
                }
            }
            _ => visit(symbol),
        }
    }
}

fn sum(sizes: impl Iterator<Item = Size>) -> Size {
    sizes.fold(
        Size {
            symbols: 0,
            strokes: 0,
        },
        |a, b| Size {
            symbols: a.symbols.saturating_add(b.symbols),
            strokes: a.strokes.saturating_add(b.strokes),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> LSystem {
        let rules = BTreeMap::from([("F".to_string(), "FF+[+F-F-F]-[-F+F+F]".to_string())]);
        LSystem::new("F", &rules).unwrap()
    }

    fn expand(ls: &LSystem, generation: u32) -> String {
        let mut out = String::new();
        ls.walk(generation, &mut |s| out.push(char::from(s)));
        out
    }

    #[test]
    fn generation_one_is_the_rule() {
        assert_eq!(expand(&tree(), 0), "F");
        assert_eq!(expand(&tree(), 1), "FF+[+F-F-F]-[-F+F+F]");
    }

    #[test]
    fn sizes_match_the_p5_reference_without_expanding() {
        // ../shared/reference/tree/state.json: 1, 20, 172, 1388, 11116 symbols.
        let ls = tree();
        for (g, symbols) in [1u128, 20, 172, 1388, 11116].into_iter().enumerate() {
            let size = ls.size(g as u32, b"F");
            assert_eq!(size.symbols, symbols);
            assert_eq!(size.strokes, 8u128.pow(g as u32));
            assert_eq!(expand(&ls, g as u32).len() as u128, symbols);
        }
        assert_eq!(ls.size(9, b"F").strokes, 134_217_728);
    }

    #[test]
    fn several_rules_and_symbols_without_rules() {
        let rules = BTreeMap::from([
            ("X".to_string(), "F[+X]F[-X]+X".to_string()),
            ("F".to_string(), "FF".to_string()),
        ]);
        let ls = LSystem::new("X", &rules).unwrap();
        assert_eq!(expand(&ls, 1), "F[+X]F[-X]+X");
        assert_eq!(
            expand(&ls, 2),
            "FF[+F[+X]F[-X]+X]FF[-F[+X]F[-X]+X]+F[+X]F[-X]+X"
        );
        assert_eq!(
            ls.size(2, b"F"),
            Size {
                symbols: 47,
                strokes: 10
            }
        );
    }

    #[test]
    fn sizes_saturate_instead_of_overflowing() {
        let rules = BTreeMap::from([("F".to_string(), "FFFFFFFFFF".to_string())]);
        let ls = LSystem::new("F", &rules).unwrap();
        assert_eq!(ls.size(200, b"F").symbols, u128::MAX);
    }

    #[test]
    fn bad_rules_are_refused() {
        let two = BTreeMap::from([("FF".to_string(), "F".to_string())]);
        assert!(LSystem::new("F", &two).is_err());
        let unicode = BTreeMap::from([("F".to_string(), "F→F".to_string())]);
        assert!(LSystem::new("F", &unicode).is_err());
    }
}
