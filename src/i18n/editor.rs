//! The formation editor's words.

use super::Text;

texts! {}
