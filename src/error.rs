//! The library's errors: each names the flag, key or file at fault and what
//! would be accepted, in one line.

use std::path::PathBuf;

/// Everything that can stop a render, a batch or the loading of a preset.
/// `Display` gives one line; [`Error::chain`] adds the underlying causes.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A parameter the scene (or a sketch preset) does not have.
    #[error("unknown key `{key}` for {scene}; valid keys: {valid}")]
    UnknownKey {
        /// The key as given.
        key: String,
        /// What does not have it: "scene `whale`", "a sketch preset".
        scene: String,
        /// Every key the scene takes, comma-separated.
        valid: String,
    },

    /// A value of the wrong type or out of range.
    #[error("`{key}` = {value}: {reason}")]
    BadValue {
        /// The parameter or flag.
        key: String,
        /// The value as given.
        value: String,
        /// What would be accepted.
        reason: String,
    },

    /// A `--set` argument without `=`.
    #[error("`--set {0}` is not KEY=VALUE")]
    BadSet(String),

    /// An output that can't be written as asked.
    #[error("output `{path}`: {reason}")]
    Output {
        /// The output's path.
        path: PathBuf,
        /// Why, and what would do.
        reason: String,
    },

    /// Numbered frames that stopped part way: which were written, then why.
    #[error("{written}, the rest were not: {}", error.chain())]
    FramesStopped {
        /// `frames 0 to 4 (f/0000.png to f/0004.png) were written`.
        written: String,
        /// The first frame's error.
        error: Box<Error>,
    },

    /// A file or folder that couldn't be written.
    #[error("can't write `{path}`")]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },

    /// The GIF encoder failed.
    #[error("GIF encoding of `{path}` failed")]
    Gif {
        /// The GIF being written.
        path: PathBuf,
        /// The encoder's reason.
        source: gif::EncodingError,
    },

    /// The PNG encoder failed.
    #[error("PNG encoding of `{path}` failed")]
    Png {
        /// The PNG being written.
        path: PathBuf,
        /// The encoder's reason.
        source: png::EncodingError,
    },

    /// A preset name that is neither shipped nor a file.
    #[error(
        "no preset `{name}`: not a .toml file, nor one of {known} (`whalegen list` shows them)"
    )]
    NoPreset {
        /// The name as given.
        name: String,
        /// The names there are, comma-separated.
        known: String,
    },

    /// A preset or batch file that couldn't be read.
    #[error("can't read `{path}`")]
    ReadPreset {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },

    /// A file that is not TOML.
    #[error("not valid TOML: {0}")]
    Toml(String),

    /// A batch manifest that couldn't be read.
    #[error("can't read the manifest `{path}`: {reason}")]
    ReadManifest {
        /// The manifest.
        path: PathBuf,
        /// Why.
        reason: String,
    },

    /// A bug: a render panicked, and the batch went on without it.
    #[error("the render panicked (a bug in whalegen: please report it): {0}")]
    Panic(String),

    /// Threads couldn't be started.
    #[error("can't start {threads} threads: {reason}")]
    Threads {
        /// How many were asked for.
        threads: usize,
        /// The system's reason.
        reason: String,
    },

    /// An error in a preset file: where it is, then what it is.
    #[error("{origin}{}: {}", line.map(|l| format!(" line {l}")).unwrap_or_default(), error.chain())]
    InPreset {
        /// The file, or `preset NAME` for a shipped one.
        origin: String,
        /// The line, when known.
        line: Option<usize>,
        /// What is wrong there.
        error: Box<Error>,
    },

    /// A sketch's own error, from [`Error::sketch`].
    #[error("the sketch failed")]
    Sketch(#[source] Box<dyn std::error::Error + Send + Sync>),

    /// An error in a p5.js sketch's JavaScript, or a limit it ran into:
    /// where (`sketch.js:12:5`), what, and the calls that led there.
    #[error("{0}")]
    Script(String),

    /// An error while a sketch set up or drew a frame: where, then what.
    #[error("{}: {}", frame.map_or("setup".into(), |f| format!("frame {f}")), error.chain())]
    InSketch {
        /// The frame being stepped or drawn (counted from 0); `None` in
        /// `setup`.
        frame: Option<u32>,
        /// What went wrong.
        error: Box<Error>,
    },
}

impl Error {
    /// Wraps an error of a sketch's own, to return from [`crate::Sketch`]'s
    /// methods: `Err(Error::sketch("no more particles"))` or
    /// `.map_err(Error::sketch)?`.
    pub fn sketch(error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Error {
        Error::Sketch(error.into())
    }

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
