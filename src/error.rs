//! The library's errors: each names the flag, key or file at fault and what
//! would be accepted, in one line.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("unknown key `{key}` for scene `{scene}`; valid keys: {valid}")]
    UnknownKey {
        key: String,
        scene: String,
        valid: String,
    },

    #[error("`{key}` = {value}: {reason}")]
    BadValue {
        key: String,
        value: String,
        reason: String,
    },

    #[error("`--set {0}` is not KEY=VALUE")]
    BadSet(String),

    #[error("output `{path}`: {reason}")]
    Output { path: PathBuf, reason: String },

    #[error("can't write `{path}`")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("GIF encoding of `{path}` failed")]
    Gif {
        path: PathBuf,
        source: gif::EncodingError,
    },

    #[error("PNG encoding of `{path}` failed")]
    Png {
        path: PathBuf,
        source: png::EncodingError,
    },

    #[error(
        "no preset `{name}`: not a .toml file, nor one of {known} (`whalegen list` shows them)"
    )]
    NoPreset { name: String, known: String },

    #[error("can't read preset `{path}`")]
    ReadPreset {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("not valid TOML: {0}")]
    Toml(String),

    #[error("can't read the manifest `{path}`: {reason}")]
    ReadManifest { path: PathBuf, reason: String },

    #[error("the render panicked (a bug in whalegen: please report it): {0}")]
    Panic(String),

    #[error("can't start {threads} threads: {reason}")]
    Threads { threads: usize, reason: String },

    /// An error in a preset file: where it is, then what it is.
    #[error("{origin}{}: {error}", line.map(|l| format!(" line {l}")).unwrap_or_default())]
    InPreset {
        origin: String,
        line: Option<usize>,
        error: Box<Error>,
    },
}

impl Error {
    /// The parameter at fault, when there is one.
    pub fn key(&self) -> Option<&str> {
        match self {
            Error::UnknownKey { key, .. } | Error::BadValue { key, .. } => Some(key),
            _ => None,
        }
    }

    /// The message and those of its sources, in one line, as `{:#}` of
    /// anyhow prints them.
    pub fn chain(&self) -> String {
        let mut text = self.to_string();
        let mut source = std::error::Error::source(self);
        while let Some(err) = source {
            text += &format!(": {err}");
            source = err.source();
        }
        text
    }
}
