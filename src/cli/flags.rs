//! The library's errors in the command line's words: a message names the
//! options of `RenderOptions` in backticks (`` `max_size` ``); the command
//! line says which flag sets each (`--max-size`).

use whalegen::Error;

/// Each option a library message may name, and the flag that sets it.
const FLAGS: [(&str, &str); 17] = [
    ("output", "-o"),
    ("dry_run", "--dry-run"),
    ("frames", "--frames"),
    ("frame", "--frame"),
    ("duration", "--duration"),
    ("fps", "--fps"),
    ("start", "--start"),
    ("scale", "--scale"),
    ("width", "--width"),
    ("height", "--height"),
    ("format", "--format"),
    ("sheet", "--sheet"),
    ("loops", "--loop"),
    ("transparent", "--transparent"),
    ("dither", "--dither"),
    ("quality", "--quality"),
    ("max_size", "--max-size"),
];

/// `error` with the options it names given as flags: the key at fault
/// as the flag's name (`` `max-size` = huge ``), and each option named in
/// the reason as its flag.
pub fn flags(error: Error) -> Error {
    match error {
        Error::BadValue { key, value, reason } => Error::BadValue {
            key: FLAGS
                .iter()
                .find(|(option, _)| *option == key)
                .map_or(key, |(_, flag)| flag.trim_start_matches('-').to_string()),
            value,
            reason: in_flags(&reason),
        },
        Error::Output { path, reason } => Error::Output {
            path,
            reason: in_flags(&reason),
        },
        other => other,
    }
}

/// `reason` with each `` `option` `` of [`FLAGS`] replaced by its flag.
fn in_flags(reason: &str) -> String {
    FLAGS
        .iter()
        .fold(reason.to_string(), |text, (option, flag)| {
            text.replace(&format!("`{option}`"), flag)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_become_flags() {
        let error = flags(Error::BadValue {
            key: "max_size".into(),
            value: "huge".into(),
            reason: "`start` (or `frame`) + `frames`, not `loops`".into(),
        });
        assert_eq!(
            error.to_string(),
            "`max-size` = huge: --start (or --frame) + --frames, not --loop"
        );
    }
}
