//! `{name}` placeholders in output paths, so that a batch of seeds does not
//! overwrite itself: `-o out/{scene}-{seed}.gif`.

use std::path::{Path, PathBuf};

use crate::error::Error;

/// `path` with every `{name}` replaced by its value; an unknown name or an
/// unclosed brace is refused, naming the placeholders there are.
pub(super) fn expand(path: &Path, values: &[(&str, String)]) -> Result<PathBuf, Error> {
    let Some(text) = path.to_str().filter(|t| t.contains(['{', '}'])) else {
        return Ok(path.to_path_buf());
    };
    let refuse = |what: String| {
        let known: Vec<String> = values.iter().map(|(k, _)| format!("{{{k}}}")).collect();
        Error::Output {
            path: path.to_path_buf(),
            reason: format!("{what}; the placeholders are {}", known.join(", ")),
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        out.push_str(&rest[..open]);
        let close = rest[open..]
            .find('}')
            .filter(|_| rest[open..].starts_with('{'))
            .ok_or_else(|| refuse("a brace that opens or closes no placeholder".into()))?;
        let name = &rest[open + 1..open + close];
        let (_, value) = values
            .iter()
            .find(|(k, _)| *k == name)
            .ok_or_else(|| refuse(format!("unknown placeholder `{{{name}}}`")))?;
        if value.contains(['/', '\\']) || value == ".." || value == "." {
            return Err(refuse(format!(
                "`{{{name}}}` is `{value}`, which would name another folder"
            )));
        }
        out.push_str(value);
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    Ok(PathBuf::from(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(template: &str) -> Result<PathBuf, Error> {
        let values = [("scene", "whale".to_string()), ("seed", "7".to_string())];
        expand(Path::new(template), &values)
    }

    #[test]
    fn placeholders_expand_and_unknown_ones_are_named() {
        assert_eq!(
            run("out/{scene}-{seed}.gif").unwrap(),
            PathBuf::from("out/whale-7.gif")
        );
        assert_eq!(run("plain.gif").unwrap(), PathBuf::from("plain.gif"));
        let err = run("out/{sede}.gif").unwrap_err().to_string();
        assert!(
            err.contains("`{sede}`") && err.contains("{scene}, {seed}"),
            "{err}"
        );
        assert!(run("out/{scene.gif").is_err());
        for value in ["a/b", "..", ".", "a\\b"] {
            let values = [("preset", value.to_string())];
            let err = expand(Path::new("out/{preset}.gif"), &values).unwrap_err();
            assert!(err.to_string().contains("another folder"), "{err}");
        }
        assert!(run("out/scene}.gif").is_err());
    }
}
