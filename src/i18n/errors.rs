//! What went wrong, in both languages: files that cannot be read or written, games that cannot start,
//! records that are not records. Each typed error of the engine and the window is worded here once
//! per language.

use super::Text;

texts! {}
