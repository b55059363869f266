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
    /// The symbols of the generation.
    pub symbols: u128,
    /// The symbols that draw a line.
    pub strokes: u128,
    /// The most `[` open at once, as the turtle reads them: a `]` with
    /// none open does nothing.
    pub depth: u128,
}

/// What a run of symbols does to the turtle's stack: from `x` saved states
/// (`x` >= 0) it ends with `max(x + net, floor)` and holds at most
/// `max(x + rise, top)` on the way. Runs compose in the same form, so a
/// generation's depth follows from the rules as its size does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Nesting {
    net: i128,
    floor: i128,
    rise: i128,
    top: i128,
}

impl Nesting {
    const NONE: Nesting = Nesting {
        net: 0,
        floor: 0,
        rise: 0,
        top: 0,
    };

    fn of(symbol: u8) -> Nesting {
        match symbol {
            b'[' => Nesting {
                net: 1,
                rise: 1,
                ..Nesting::NONE
            },
            b']' => Nesting {
                net: -1,
                ..Nesting::NONE
            },
            _ => Nesting::NONE,
        }
    }

    /// This run, then `next`; saturating, never overflowing.
    fn then(self, next: Nesting) -> Nesting {
        Nesting {
            net: self.net.saturating_add(next.net),
            floor: self.floor.saturating_add(next.net).max(next.floor),
            rise: self.rise.max(self.net.saturating_add(next.rise)),
            top: (self.top)
                .max(self.floor.saturating_add(next.rise))
                .max(next.top),
        }
    }
}

/// A run of symbols: its size and nesting.
#[derive(Debug, Clone, Copy)]
struct Run {
    symbols: u128,
    strokes: u128,
    nesting: Nesting,
}

impl Run {
    const EMPTY: Run = Run {
        symbols: 0,
        strokes: 0,
        nesting: Nesting::NONE,
    };

    fn then(self, next: Run) -> Run {
        Run {
            symbols: self.symbols.saturating_add(next.symbols),
            strokes: self.strokes.saturating_add(next.strokes),
            nesting: self.nesting.then(next.nesting),
        }
    }

    fn size(self) -> Size {
        let Nesting { rise, top, .. } = self.nesting;
        Size {
            symbols: self.symbols,
            strokes: self.strokes,
            depth: u128::try_from(rise.max(top)).unwrap_or(0),
        }
    }
}

impl LSystem {
    /// Compiles `axiom` and `rules` (one ASCII symbol each key, any ASCII
    /// string each value, empty to delete the symbol). Fails on an empty
    /// axiom, which would draw nothing.
    pub fn new(axiom: &str, rules: &BTreeMap<String, String>) -> Result<Self, Error> {
        let ascii = "ASCII symbols, such as \"F+[-F]\"";
        if axiom.is_empty() {
            return Err(check::refuse(
                "axiom",
                "\"\"",
                format!("at least one symbol: {ascii}"),
            ));
        }
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

    /// The size of `generation`, with `draws` the symbols that draw a line;
    /// counts saturate at `u128::MAX`.
    pub fn size(&self, generation: u32, draws: &[u8]) -> Size {
        let sizes = self.sizes(generation, draws);
        *sizes.last().expect("generation 0 at least")
    }

    /// The sizes of generations 0 to `last`, in order: the cost is that of
    /// the last one alone, `last` times the length of the rules.
    pub fn sizes(&self, last: u32, draws: &[u8]) -> Vec<Size> {
        let mut runs: Vec<Run> = (0..128u8)
            .map(|s| Run {
                symbols: 1,
                strokes: u128::from(draws.contains(&s)),
                nesting: Nesting::of(s),
            })
            .collect();
        let of = |runs: &[Run], symbols: &[u8]| {
            (symbols.iter()).fold(Run::EMPTY, |run, &s| run.then(runs[usize::from(s)]))
        };
        let mut sizes = vec![of(&runs, &self.axiom).size()];
        for _ in 0..last {
            runs = (0..128u8)
                .map(|s| match self.rule(s) {
                    Some(rule) => of(&runs, rule),
                    None => runs[usize::from(s)],
                })
                .collect();
            sizes.push(of(&runs, &self.axiom).size());
        }
        sizes
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
                strokes: 10,
                depth: 2,
            }
        );
    }

    /// The most `[` open at once, walking the symbols as the turtle does.
    fn walked_depth(ls: &LSystem, generation: u32) -> u128 {
        let (mut open, mut most) = (0u128, 0u128);
        ls.walk(generation, &mut |s| match s {
            b'[' => {
                open += 1;
                most = most.max(open);
            }
            b']' => open = open.saturating_sub(1),
            _ => {}
        });
        most
    }

    #[test]
    fn depth_is_computed_without_expanding_and_a_lone_close_does_nothing() {
        let rule = |k: &str, v: &str| BTreeMap::from([(k.to_string(), v.to_string())]);
        for (axiom, rules) in [
            ("F[+++++", rule("F", "]F")),
            ("F", rule("F", "[F")),
            ("]]F", rule("F", "F[[F]]]]F[")),
            ("X", rule("X", "]X[[X]")),
            ("F", rule("F", "FF+[+F-F-F]-[-F+F+F]")),
        ] {
            let ls = LSystem::new(axiom, &rules).unwrap();
            let sizes = ls.sizes(5, b"F");
            for (g, size) in sizes.iter().enumerate() {
                let walked = walked_depth(&ls, g as u32);
                assert_eq!(size.depth, walked, "{axiom} {rules:?} generation {g}");
                assert_eq!(*size, ls.size(g as u32, b"F"));
            }
        }
        let deep = LSystem::new("F", &rule("F", "[F")).unwrap();
        assert_eq!(deep.size(64, b"F").depth, 64);
    }

    #[test]
    fn an_empty_axiom_is_refused() {
        let err = LSystem::new("", &BTreeMap::new()).unwrap_err().to_string();
        assert!(
            err.contains("axiom") && err.contains("at least one"),
            "{err}"
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
